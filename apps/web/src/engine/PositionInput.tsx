import { Box, Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import {
  coordinateFromDecimal,
  coordinateText,
  hemispheresOf,
  readCoordinate,
  splitPosition,
  storedDecimal,
  storedValues,
} from '@inspectra/contract';
import type {
  Axis,
  CoordinateReading,
  EntityDefinition,
  Position,
  StoredCoordinate,
} from '@inspectra/contract';
import { useEffect, useRef, useState } from 'react';
import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from './entity-labels.ts';
import { toInputValue } from './form-values.ts';
import { formatNumber, formatPosition } from './locale.ts';

/** How long the device may look for its position before the person is told to type it. */
const locateTimeoutMs = 20_000;

type PositionInputProps = {
  entity: EntityDefinition;
  position: Position;
  /** The form's values (input-side, see `toInputValue`). */
  values: Record<string, unknown>;
  /** Sets several of the form's values at once. */
  setValues: (values: Record<string, unknown>) => void;
  /** The form's (or the server's) error on a stored field, by key. */
  errorOf: (key: string) => string | undefined;
  onBlur: (key: string) => void;
  idOf: (key: string) => string;
};

type LocateState =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'located'; accuracy: number }
  | { state: 'failed'; reason: 'denied' | 'unavailable' | 'timeout' };

/** The browser's geolocation where it can give a position: absent, or on a plain-HTTP address, none. */
function deviceGeolocation(): Geolocation | undefined {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return undefined;
  return typeof window !== 'undefined' && window.isSecureContext === false
    ? undefined
    : navigator.geolocation;
}

/**
 * A position as one place to give it: a text per axis that takes degrees, minutes and seconds or
 * decimal degrees alike (a pair pasted in either fills both), each read back in both notations, and
 * "Use this device's position" beside them, which fills both with the device's fix and says how
 * exact it is. What is stored is what the declaration says (the parts, or the decimal number);
 * the contract reads every text (`readCoordinate`, `splitPosition`).
 */
export function PositionInput(p: PositionInputProps) {
  const { t, i18n } = useTranslation();
  const [locate, setLocate] = useState<LocateState>({ state: 'idle' });
  const geolocation = deviceGeolocation();
  const axes = (['latitude', 'longitude'] as const).filter((axis) => p.position[axis]);
  const labelId = `${p.idOf((p.position.latitude ?? p.position.longitude)!.anchor)}-position`;

  /** The form's values for each coordinate read (null: emptied). */
  const write = (readings: Partial<Record<Axis, CoordinateReading | null>>) => {
    const next: Record<string, unknown> = {};
    for (const [axis, reading] of Object.entries(readings) as [Axis, CoordinateReading | null][]) {
      const coordinate = p.position[axis];
      if (!coordinate) continue;
      for (const [key, value] of Object.entries(storedValues(coordinate, reading)))
        next[key] = toInputValue(p.entity.fields[key]!, value);
    }
    p.setValues(next);
  };

  /** Both axes from one text, when it is a pair and both read; false otherwise. */
  const writePair = (text: string) => {
    const pair = splitPosition(text);
    if (!pair || axes.length < 2) return false;
    const latitude = readCoordinate(pair.latitude, 'latitude');
    const longitude = readCoordinate(pair.longitude, 'longitude');
    if (!latitude.ok || !longitude.ok) return false;
    setLocate({ state: 'idle' });
    write({ latitude: latitude.reading, longitude: longitude.reading });
    return true;
  };

  const useDevice = () => {
    if (!geolocation) return;
    setLocate({ state: 'locating' });
    geolocation.getCurrentPosition(
      ({ coords }) => {
        write({
          latitude: coordinateFromDecimal(coords.latitude, 'latitude'),
          longitude: coordinateFromDecimal(coords.longitude, 'longitude'),
        });
        setLocate({ state: 'located', accuracy: coords.accuracy });
      },
      (error) =>
        setLocate({
          state: 'failed',
          reason:
            error.code === error.PERMISSION_DENIED
              ? 'denied'
              : error.code === error.TIMEOUT
                ? 'timeout'
                : 'unavailable',
        }),
      { enableHighAccuracy: true, timeout: locateTimeoutMs, maximumAge: 0 },
    );
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="center" mb={4} gap="xs">
        <Text id={labelId} size="sm" fw={500}>
          {t('engine.input.position.title')}
        </Text>
        {geolocation && (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconCurrentLocation size={18} aria-hidden />}
            onClick={useDevice}
            loading={locate.state === 'locating'}
          >
            {t('engine.input.position.useDevice')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: axes.length }} spacing="xs">
        {axes.map((axis) => (
          <CoordinateText
            key={axis}
            {...p}
            coordinate={p.position[axis]!}
            onTyped={(text) => {
              setLocate({ state: 'idle' });
              return writePair(text);
            }}
            onRead={(reading) => {
              setLocate({ state: 'idle' });
              write({ [axis]: reading });
            }}
          />
        ))}
      </SimpleGrid>
      <Text
        size="xs"
        mt={4}
        aria-live="polite"
        c={locate.state === 'failed' ? 'red' : 'dimmed'}
        role={locate.state === 'failed' ? 'alert' : undefined}
      >
        {locate.state === 'located'
          ? t('engine.input.position.accuracy', {
              metres: formatNumber(Math.round(locate.accuracy), i18n.language),
            })
          : locate.state === 'locating'
            ? t('engine.input.position.locating')
            : locate.state === 'failed'
              ? t(`engine.input.position.${locate.reason}`)
              : t('engine.input.position.help')}
      </Text>
    </Box>
  );
}

/**
 * One axis's text. It follows the stored values when they change from elsewhere (the device, a
 * pair pasted in the other axis, a draft restored) and keeps what was typed otherwise, so a text
 * still being typed is never rewritten under the cursor.
 */
function CoordinateText(
  p: PositionInputProps & {
    coordinate: StoredCoordinate;
    /** A text typed or pasted: true when it was a pair and filled both axes. */
    onTyped: (text: string) => boolean;
    onRead: (reading: CoordinateReading | null) => void;
  },
) {
  const { t, i18n } = useTranslation();
  const { coordinate } = p;
  const { axis, anchor } = coordinate;
  const stored = JSON.stringify(coordinate.keys.map((k) => p.values[k] ?? null));
  const heldText = () => {
    const raw = p.values[anchor];
    // A text that read as no coordinate is held in its first field, so the form refuses to save it.
    return typeof raw === 'string' && raw.trim() !== '' && !/^-?\d+(?:[.,]\d+)?$/.test(raw)
      ? raw
      : coordinateText(coordinate, p.values);
  };
  const [text, setText] = useState(heldText);
  const [touched, setTouched] = useState(false);
  const written = useRef(stored);
  useEffect(() => {
    if (stored === written.current) return;
    written.current = stored;
    setText(heldText());
    // Only a change of the stored values from elsewhere rewrites the text.
  }, [stored]);

  const label = fieldLabel(t, p.entity.name, anchor, p.entity.fields[anchor]!);
  const hemisphereWord = (letter: string) => t(`engine.input.position.hemispheres.${letter}`);
  const read = readCoordinate(text, axis);
  const decimal = storedDecimal(coordinate, p.values);
  const [positive, negative] = hemispheresOf(axis).map((h) => hemisphereWord(h));
  const problem = !read.ok
    ? t(`engine.input.position.problems.${read.problem}`, { label, max: read.max, positive, negative })
    : undefined;
  const storedError = coordinate.keys.map((k) => p.errorOf(k)).find((e) => e);

  const inputs = (reading: CoordinateReading | null) =>
    Object.fromEntries(
      Object.entries(storedValues(coordinate, reading)).map(([k, v]) => [
        k,
        toInputValue(p.entity.fields[k]!, v),
      ]),
    );
  // What this input writes is not a change from elsewhere: its text stays as typed.
  const commit = (values: Record<string, unknown>) => {
    written.current = JSON.stringify(coordinate.keys.map((k) => values[k] ?? null));
  };

  const typed = (value: string) => {
    setText(value);
    const pair = splitPosition(value);
    const own = pair && readCoordinate(pair[axis], axis);
    if (own?.ok && p.onTyped(value)) return commit(inputs(own.reading));
    const next = readCoordinate(value, axis);
    if (next.ok) {
      commit(inputs(next.reading));
      p.onRead(next.reading);
    } else {
      // Held as typed in the first field (the rest emptied): the form's own check refuses it.
      const values = Object.fromEntries(
        coordinate.keys.map((k) => [k, k === anchor ? value : toInputValue(p.entity.fields[k]!, null)]),
      );
      commit(values);
      p.setValues(values);
    }
  };

  return (
    <TextInput
      id={p.idOf(anchor)}
      label={label}
      value={text}
      inputMode="text"
      autoComplete="off"
      spellCheck={false}
      required={p.entity.fields[anchor]!.required === true}
      onChange={(e) => typed(e.currentTarget.value)}
      onPaste={(e: ClipboardEvent<HTMLInputElement>) => {
        const pasted = e.clipboardData.getData('text');
        if (splitPosition(pasted) && p.onTyped(pasted)) e.preventDefault();
      }}
      onBlur={() => {
        setTouched(true);
        // A pair typed here rather than pasted: this input keeps its own axis once left.
        if (splitPosition(text)) setText(heldText());
        p.onBlur(anchor);
      }}
      error={(touched || storedError) && problem ? problem : storedError}
      description={
        decimal !== null && read.ok ? formatPosition(decimal, axis, i18n.language, hemisphereWord) : undefined
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
