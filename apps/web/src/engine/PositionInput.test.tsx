import { pautSummary, sacpMeasurement } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { i18n } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { EntityForm } from './EntityForm.tsx';
import type { EntitySubmission } from './EntityForm.tsx';

const sacpFields = [
  'testPoint',
  'latitudeDegree',
  'latitudeMinutes',
  'latitudeSeconds',
  'latitudeHemisphere',
  'longitudeDegree',
  'longitudeMinutes',
  'longitudeSeconds',
  'longitudeHemisphere',
];
const pautFields = ['jointNumber', 'gpsCoordinateLatitude', 'gpsCoordinateLongitude'];

afterEach(async () => {
  await i18n.changeLanguage('en');
  Reflect.deleteProperty(navigator, 'geolocation');
});

function renderForm(entity: typeof sacpMeasurement | typeof pautSummary, fields: string[]) {
  const onSubmit = vi.fn(async (_: EntitySubmission) => {});
  renderWithProviders(<EntityForm entity={entity} fields={fields} onSubmit={onSubmit} />);
  return onSubmit;
}

const position = () => screen.getByRole('group', { name: 'Position' });
const axis = (name: 'Latitude' | 'Longitude') => within(position()).getByRole('textbox', { name });

/** The browser's geolocation, answering the next request as given (the unit test's only fake). */
function deviceAnswers(answer: { coords: Partial<GeolocationCoordinates> } | { code: number }) {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null, _options?: PositionOptions) => {
      if ('coords' in answer)
        success({ coords: answer.coords, timestamp: Date.now() } as GeolocationPosition);
      else
        failure?.({
          code: answer.code,
          message: '',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError);
    },
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

describe('a position typed in the form', () => {
  it('takes degrees, minutes and seconds or decimal degrees, reads each back in both, and stores the parts', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(sacpMeasurement, sacpFields);

    await user.type(axis('Latitude'), `6°12'30.5"S`);
    expect(axis('Latitude')).toHaveAccessibleDescription('6° 12′ 30.5″ S · -6.208472°');
    await user.type(axis('Longitude'), '106.845599');
    expect(axis('Longitude')).toHaveAccessibleDescription('106° 50′ 44.16″ E · 106.845599°');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0].values).toMatchObject({
      latitudeDegree: 6,
      latitudeMinutes: 12,
      latitudeSeconds: 30.5,
      latitudeHemisphere: 'S',
      longitudeDegree: 106,
      longitudeMinutes: 50,
      longitudeSeconds: 44.156,
      longitudeHemisphere: 'E',
    });
  });

  it('fills both axes from a pair pasted as one, stored in decimal degrees where the declaration says so', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(pautSummary, pautFields);

    await user.click(axis('Latitude'));
    await user.paste('-6.208472, 106.845599');
    expect(axis('Latitude')).toHaveValue('-6.208472');
    expect(axis('Longitude')).toHaveValue('106.845599');
    expect(axis('Longitude')).toHaveAccessibleDescription('106° 50′ 44.16″ E · 106.845599°');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0].values).toMatchObject({
      gpsCoordinateLatitude: -6.208472,
      gpsCoordinateLongitude: 106.845599,
    });
  });

  it('refuses what is no position, saying why, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(sacpMeasurement, sacpFields);

    await user.type(axis('Latitude'), '91');
    await user.tab();
    expect(axis('Latitude')).toHaveAccessibleDescription('Latitude is at most 90°');
    await user.clear(axis('Latitude'));
    await user.type(axis('Latitude'), '6 12 30 E');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(axis('Latitude')).toHaveAccessibleDescription('Latitude is N or S'));
    expect(axis('Latitude')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a stored part under the position's box, and focuses it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: EntitySubmission) => {
      throw new ApiError('Validation failed', {
        status: 400,
        code: 'VALIDATION_ERROR',
        details: [{ path: 'longitudeSeconds', message: 'Checked against the survey: not this point' }],
      });
    });
    renderWithProviders(<EntityForm entity={sacpMeasurement} fields={sacpFields} onSubmit={onSubmit} />);

    await user.type(axis('Longitude'), '106 50 44.2 E');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(axis('Longitude')).toHaveFocus());
    expect(axis('Longitude')).toHaveAccessibleDescription(/not this point/);
  });

  it('reads the hemisphere in Indonesian, and takes its letters', async () => {
    await i18n.changeLanguage('id');
    const user = userEvent.setup();
    renderForm(sacpMeasurement, sacpFields);

    await user.type(
      within(screen.getByRole('group', { name: 'Posisi' })).getByRole('textbox', { name: 'Bujur' }),
      '106 50 44,2 T',
    );
    expect(screen.getByRole('textbox', { name: 'Bujur' })).toHaveAccessibleDescription(
      '106° 50′ 44,2″ BT · 106,845611°',
    );
  });
});

describe("the device's position", () => {
  it('fills latitude and longitude together and says how exact it is', async () => {
    const user = userEvent.setup();
    const located = deviceAnswers({
      coords: { latitude: -6.2084723, longitude: 106.8455991, accuracy: 8.4 },
    });
    const onSubmit = renderForm(sacpMeasurement, sacpFields);

    await user.click(screen.getByRole('button', { name: 'Use this device’s position' }));

    expect(located.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true, timeout: 20_000 });
    expect(axis('Latitude')).toHaveValue('6° 12′ 30.5″ S');
    expect(axis('Longitude')).toHaveValue('106° 50′ 44.157″ E');
    expect(position()).toHaveTextContent('From this device, ± 8 m');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0].values).toMatchObject({
      latitudeDegree: 6,
      latitudeSeconds: 30.5,
      latitudeHemisphere: 'S',
      longitudeDegree: 106,
      longitudeSeconds: 44.157,
      longitudeHemisphere: 'E',
    });
  });

  it.each([
    [
      1,
      'This device’s position was not shared: allow location for this site in the browser, or type the position.',
    ],
    [2, 'This device cannot tell its position now: try again outdoors, or type the position.'],
    [3, 'This device took too long to find its position: try again, or type the position.'],
  ])('says why there is none (error %i), leaving the position as it was', async (code, message) => {
    const user = userEvent.setup();
    deviceAnswers({ code });
    renderForm(pautSummary, pautFields);

    await user.type(axis('Latitude'), '-1.5');
    await user.click(screen.getByRole('button', { name: 'Use this device’s position' }));

    expect(within(position()).getByRole('alert')).toHaveTextContent(message);
    expect(axis('Latitude')).toHaveValue('-1.5');
  });

  it('is not offered where the browser has no geolocation', () => {
    renderForm(sacpMeasurement, sacpFields);
    expect(axis('Latitude')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /device’s position/ })).not.toBeInTheDocument();
  });

  it('is not offered on a page that is no secure context (plain HTTP on a plant network)', () => {
    deviceAnswers({ code: 1 });
    vi.stubGlobal('isSecureContext', false);
    try {
      renderForm(sacpMeasurement, sacpFields);
      expect(axis('Latitude')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /device’s position/ })).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
