import { AppError } from '../../errors.ts';
import type { Period } from './my-tasks.sql.ts';

/** The longest period the inspection planner reads at once (a year and a bit, for a year view). */
export const plannerMaxDays = 400;
/** The most tasks the planner returns for one period (the contract's, where its routes declare it). */
export { plannerMaxTasks } from '@inspectra/contract';

const dayMs = 24 * 60 * 60 * 1000;

/** A date as the server's calendar reads it (its time zone), ISO. */
export function calendarDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Monday to Sunday of the week holding the day. */
export function weekOf(day: string): Period {
  const at = new Date(`${day}T12:00:00`);
  const monday = new Date(at.getTime() - ((at.getDay() + 6) % 7) * dayMs);
  return { from: calendarDay(monday), to: calendarDay(new Date(monday.getTime() + 6 * dayMs)) };
}

/** The first to the last day of the calendar month holding the day. */
export function monthOf(day: string): Period {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = day.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/**
 * The planner's period: the two dates given, or the current month of the server's calendar when
 * neither is. One date alone is refused naming the other: "from the 10th" could mean to the end of
 * that month or for the next 400 days, and guessing would show a calendar nobody asked for.
 */
function plannerPeriod(query: { dateStart?: string; dateEnd?: string }, today: string) {
  const { dateStart, dateEnd } = query;
  if (dateStart === undefined && dateEnd === undefined) return { ...monthOf(today), thisMonth: true };
  if (dateStart === undefined || dateEnd === undefined) {
    const missing = dateStart === undefined ? 'dateStart' : 'dateEnd';
    const given = missing === 'dateStart' ? 'dateEnd' : 'dateStart';
    throw new AppError(
      'VALIDATION_ERROR',
      `${missing} is missing: give both dates, or neither for this month`,
      [{ path: missing, message: `Give ${missing} with ${given}, or neither for the current month` }],
    );
  }
  return { from: dateStart, to: dateEnd, thisMonth: false };
}

const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / dayMs);

/**
 * The planner's period (`plannerPeriod`), refused when it ends before it starts or spans
 * `plannerMaxDays` or more: the inspector's planner and the team's read the same periods.
 */
export function checkedPlannerPeriod(query: { dateStart?: string; dateEnd?: string }, today: string) {
  const period = plannerPeriod(query, today);
  const length = days(period.from, period.to);
  if (length < 0)
    throw new AppError('VALIDATION_ERROR', 'dateEnd is before dateStart', [
      { path: 'dateEnd', message: 'The end date is before the start date' },
    ]);
  if (length >= plannerMaxDays)
    throw new AppError('VALIDATION_ERROR', `The planner reads at most ${plannerMaxDays} days at once`, [
      { path: 'dateEnd', message: `At most ${plannerMaxDays} days after dateStart` },
    ]);
  return period;
}

/**
 * What a planner's answer says of its period: a period cut at `plannerMaxTasks` first, else the
 * month it covers when no dates were given.
 */
export function plannerNote(
  period: Period,
  o: { thisMonth: boolean; shown: number; total: number },
): string | undefined {
  if (o.total > o.shown)
    return `The first ${o.shown} of ${o.total} tasks of the period; choose a shorter one`;
  if (o.thisMonth) {
    return `Tasks planned from ${period.from} to ${period.to}, this month; give dateStart and dateEnd for another period`;
  }
  return undefined;
}
