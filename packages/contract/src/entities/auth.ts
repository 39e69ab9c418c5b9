import { z } from 'zod';
import { plainText } from '../fields.ts';
import { permissionActions } from '../permissions.ts';
import { op, route } from '../routes.ts';
import { companyBadgeSchema } from './administration.ts';

export const loginBodySchema = z.object({
  username: plainText.min(1, 'Enter your username').max(100, 'At most 100 characters'),
  password: z.string().min(1, 'Enter your password').max(1000, 'At most 1000 characters'),
});
export const refreshBodySchema = z.object({
  refreshToken: z.string().min(1, 'refreshToken is required').max(4096, 'refreshToken is too long'),
});
/** Sign-out names the session by its refresh token, so an expired access token can still end it. */
export const logoutBodySchema = refreshBodySchema;
/**
 * Signing out everywhere needs nothing but the session: no body, an empty one, or an empty JSON
 * object.
 */
export const signOutEverywhereBodySchema = z.object({}).nullish();
export const signedOutEverywhereSchema = z
  .object({ sessionsEnded: z.number().int().min(0) })
  .meta({ id: 'signedOutEverywhere' });
export type SignedOutEverywhere = z.infer<typeof signedOutEverywhereSchema>;
export const tokenPairSchema = z
  .object({ accessToken: z.string(), refreshToken: z.string() })
  .meta({ id: 'tokenPair' });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const profileSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    fullName: z.string(),
    email: z.string().nullable(),
    role: z.object({ id: z.uuid(), name: z.string() }),
    permissions: z.array(z.object({ module: z.string(), action: z.enum(permissionActions) })),
    /**
     * The contractor company the user works for (its name and logo in the shell); null for the
     * owner's staff. The server always sends it; optional so that a client's stored profile of an
     * older server still reads.
     */
    company: companyBadgeSchema.nullable().optional(),
    /** Whether the user has drawn the signature printed beside their approvals (our addition). */
    hasSignature: z.boolean().optional(),
  })
  .meta({ id: 'profile' });

/** The largest signature image accepted: a drawn signature is a small PNG. */
export const maxSignatureBytes = 256 * 1024;
/** The answer of saving or removing one's signature. */
export const signatureStateSchema = z.object({ hasSignature: z.boolean() }).meta({ id: 'signatureState' });
export type Profile = z.infer<typeof profileSchema>;

const tag = 'Authentication';
export const authRoutes = [
  route(
    'POST',
    '/auth/login',
    op.action('auth.login', { body: loginBodySchema, response: tokenPairSchema }),
    {
      summary: 'Sign in with username and password',
      tag,
      access: 'public',
    },
  ),
  route(
    'POST',
    '/auth/refresh',
    op.action('auth.refresh', { body: refreshBodySchema, response: tokenPairSchema }),
    {
      summary: 'Trade a refresh token for a new token pair (the old one is spent)',
      tag,
      access: 'public',
    },
  ),
  route('POST', '/auth/logout', op.action('auth.logout', { body: logoutBodySchema, response: z.null() }), {
    summary:
      'Sign out: end the session a refresh token belongs to (its refresh and access tokens stop working); repeating it changes nothing',
    tag,
    access: 'public',
  }),
  route(
    'POST',
    '/auth/logout-all',
    op.action('auth.logoutAll', { body: signOutEverywhereBodySchema, response: signedOutEverywhereSchema }),
    {
      summary:
        'Sign out of all devices: end every session of the signed-in user, this one included (the body may be left out)',
      tag,
      access: 'authenticated',
    },
  ),
  route('GET', '/auth/profile', op.action('auth.profile', { response: profileSchema }), {
    summary: 'The signed-in user, role and permissions',
    tag,
    access: 'authenticated',
  }),
  route(
    'GET',
    '/auth/profile/signature',
    op.action('auth.signature', {
      response: z.string().meta({ description: 'The signature as a PNG or JPEG image', format: 'binary' }),
    }),
    {
      summary:
        "The signed-in user's signature, as drawn once and printed beside their approvals on report PDFs (our addition); 404 when none is drawn",
      tag,
      access: 'authenticated',
    },
  ),
  route(
    'PUT',
    '/auth/profile/signature',
    op.action('auth.saveSignature', { response: signatureStateSchema, upload: true }),
    {
      summary:
        "Save the signed-in user's signature (multipart field signature: a PNG or JPEG of at most 256 KB), replacing the one before (our addition)",
      tag,
      access: 'authenticated',
    },
  ),
  route(
    'DELETE',
    '/auth/profile/signature',
    op.action('auth.removeSignature', { response: signatureStateSchema }),
    {
      summary: "Remove the signed-in user's signature; approvals already signed keep theirs (our addition)",
      tag,
      access: 'authenticated',
    },
  ),
];
