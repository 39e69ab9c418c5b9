import { passwordBounds, userCreateBody } from '@inspectra/contract';
import type { UserCreateBody, UserPdm } from '@inspectra/contract';
import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckedForm } from '../../engine/useCheckedForm.ts';
import { SubmissionFailure } from '../../engine/useSubmission.tsx';
import { MoreNotShown } from '../../engine/MoreNotShown.tsx';
import { passwordFieldError } from './password-weakness.ts';
import type { CompanyOption } from './user-queries.ts';
import { NeedsServer } from '../../engine/NeedsServer.tsx';

export type UserFormValues = Omit<UserCreateBody, 'password'> & { password?: string };

type Option = { value: string; label: string };

/** A user's profile as edited: everything of a new user but the username and password. */
const userProfileBody = userCreateBody.omit({ username: true, password: true });
/** Fields filled by choosing: left empty they read "Choose a role". */
const pickers = ['roleId', 'contractorCompanyId', 'approvalPosition'];

/**
 * Creates a user (with a password) or edits one (without: the password has its own dialog). The
 * contract's schema judges the values before anything is sent, with the server's messages in the
 * user's language under each input; the server judges everything again, and what it alone knows
 * (a username taken) shows under its input too.
 */
export function UserForm(p: {
  user?: UserPdm;
  roles: Option[];
  companies: CompanyOption[];
  plannerGroups: Option[];
  /** How many more planner groups there are than `plannerGroups` offers (a capped list). */
  plannerGroupsNotShown?: number;
  /** Names of the approval positions to choose from (the positions list); empty when not readable. */
  positions: string[];
  onSubmit: (values: UserFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<UserFormValues>(() => ({
    username: p.user?.username ?? '',
    fullName: p.user?.fullName ?? '',
    email: p.user?.email ?? '',
    employeeNumber: p.user?.employeeNumber ?? '',
    phoneNumber: p.user?.phoneNumber ?? '',
    roleId: p.user?.roleId ?? '',
    contractorCompanyId: p.user?.contractorCompanyId ?? null,
    approvalPosition: p.user?.approvalPosition ?? null,
    approvalLevel: p.user?.approvalLevel ?? null,
    plannerGroups: p.user?.plannerGroups ?? [],
    ...(p.user ? {} : { password: '' }),
  }));
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const labels: Record<string, string> = {
    username: t('users.username'),
    fullName: t('users.fullName'),
    email: t('users.email'),
    employeeNumber: t('users.employeeNumber'),
    phoneNumber: t('users.phoneNumber'),
    password: t('users.password'),
    roleId: t('users.role'),
    contractorCompanyId: t('users.company'),
    approvalPosition: t('users.approvalPosition'),
    approvalLevel: t('users.approvalLevel'),
    plannerGroups: t('users.plannerGroups'),
  };
  const form = useCheckedForm({
    schema: p.user ? userProfileBody : userCreateBody,
    // A picker left empty is a value not given ("Choose a role"), not an identifier in the wrong form.
    body: { ...values, roleId: values.roleId || undefined },
    labels,
    pickers,
  });
  const fieldError = form.fieldError;
  const error = form.error;

  const companyOptions = [
    { value: '', label: t('users.ownerStaff') },
    ...p.companies.map((c) => ({ value: c.id, label: c.contractorName })),
  ];
  // A position is one of the list (the server refuses any other); the one held stays choosable even
  // when the list cannot be read.
  const positionOptions = [
    ...new Set([...(p.user?.approvalPosition ? [p.user.approvalPosition] : []), ...p.positions]),
  ];
  return (
    <form onSubmit={form.onSubmit(() => p.onSubmit(values))} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('users.username')}
            required
            disabled={Boolean(p.user)}
            value={values.username}
            onChange={(e) => set('username', e.currentTarget.value)}
            error={fieldError('username')}
          />
          <TextInput
            label={t('users.fullName')}
            required
            value={values.fullName}
            onChange={(e) => set('fullName', e.currentTarget.value)}
            error={fieldError('fullName')}
          />
          <TextInput
            label={t('users.email')}
            type="email"
            value={values.email ?? ''}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={fieldError('email')}
          />
          <TextInput
            label={t('users.employeeNumber')}
            value={values.employeeNumber ?? ''}
            onChange={(e) => set('employeeNumber', e.currentTarget.value)}
            error={fieldError('employeeNumber')}
          />
          <TextInput
            label={t('users.phoneNumber')}
            type="tel"
            value={values.phoneNumber ?? ''}
            onChange={(e) => set('phoneNumber', e.currentTarget.value)}
            error={fieldError('phoneNumber')}
          />
          {!p.user && (
            <PasswordInput
              label={t('users.password')}
              description={t('users.passwordPolicy')}
              required
              minLength={passwordBounds.min}
              maxLength={passwordBounds.max}
              value={values.password ?? ''}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={form.errors.password ?? passwordFieldError(error, 'password', t)}
            />
          )}
          <Select
            label={t('users.role')}
            required
            data={p.roles}
            value={values.roleId || null}
            onChange={(v) => set('roleId', v ?? '')}
            error={fieldError('roleId')}
            allowDeselect={false}
          />
          <Select
            label={t('users.company')}
            data={companyOptions}
            value={values.contractorCompanyId ?? ''}
            onChange={(v) => set('contractorCompanyId', v ? v : null)}
            error={fieldError('contractorCompanyId')}
            allowDeselect={false}
          />
          <Select
            label={t('users.approvalPosition')}
            data={positionOptions}
            value={values.approvalPosition ?? null}
            onChange={(v) => set('approvalPosition', v)}
            error={fieldError('approvalPosition')}
            searchable
            clearable
          />
          <NumberInput
            label={t('users.approvalLevel')}
            min={1}
            max={10}
            allowDecimal={false}
            clampBehavior="none"
            value={values.approvalLevel ?? ''}
            onChange={(v) => set('approvalLevel', typeof v === 'number' ? v : null)}
            error={fieldError('approvalLevel')}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('users.plannerGroups')}
          data={p.plannerGroups}
          description={<MoreNotShown count={p.plannerGroupsNotShown} />}
          value={values.plannerGroups ?? []}
          onChange={(v) => set('plannerGroups', v)}
          searchable
          error={fieldError('plannerGroups')}
        />
        <SubmissionFailure error={error} shownFields={form.shownFields} />
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onCancel}>
            {t('users.cancel')}
          </Button>
          <NeedsServer>
            <Button type="submit" loading={form.saving}>
              {t('users.save')}
            </Button>
          </NeedsServer>
        </Group>
      </Stack>
    </form>
  );
}
