/**
 * A meeting's result as CSV: one row per choice of each resolution, then one MEETING row with the
 * turnout and the quorum. Units are whole tokens; percentages are rounded down to 2 decimals.
 */
import { toCsv, type CsvCell } from '../../lib/csv.js';
import type { MeetingResults } from './meetings.service.js';

export const meetingCsvHeader = [
  'resolution',
  'title',
  'majority',
  'choice',
  'effect',
  'units',
  'pct_of_cast',
  'votes_cast',
  'turnout_pct',
  'passed',
] as const;

export function meetingResultsCsv(meeting: MeetingResults): string {
  const { result } = meeting;
  const rows = result.resolutions.flatMap((r, i) =>
    r.choices.map((c): CsvCell[] => [
      i + 1,
      r.title,
      r.majority,
      c.label,
      c.effect,
      c.units,
      c.pct_of_cast,
      r.votes_cast,
      r.turnout_pct,
      r.passed ? 'yes' : 'no',
    ]),
  );
  rows.push([
    'MEETING',
    meeting.title,
    `quorum ${result.quorum_pct}%`,
    `eligible ${result.eligible_units}`,
    `represented ${result.represented_units}`,
    result.represented_units,
    null,
    null,
    result.turnout_pct,
    result.quorum_met ? 'quorum met' : 'quorum not met',
  ]);
  return toCsv(meetingCsvHeader, rows);
}

export function meetingFileName(meeting: MeetingResults, extension: 'csv' | 'pdf'): string {
  const closed = meeting.result.closed_at.replaceAll(':', '').replace(/\.\d+Z$/, 'Z');
  return `meeting-${meeting.symbol}-${closed}.${extension}`;
}
