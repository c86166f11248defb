/**
 * A meeting's result as a PDF the scrutineer signs (A4 portrait): the meeting, its dates, the
 * turnout and quorum, each resolution's totals per choice and whether it passed, and a
 * certification block.
 */
import { a4Portrait, PdfReport, type PdfColumn } from '../../lib/pdf-report.js';
import type { MeetingResults } from './meetings.service.js';

const columns: PdfColumn[] = [
  ['Choice', 200, false],
  ['Counts as', 80, false],
  ['Units', 100, true],
  ['% of cast', 80, true],
];

const majorityWords = {
  simple: 'a simple majority',
  two_thirds: 'two thirds',
  three_quarters: 'three quarters',
} as const;

export async function meetingResultsPdf(meeting: MeetingResults): Promise<Uint8Array> {
  const { result } = meeting;
  const report = await PdfReport.create(a4Portrait, {
    title: `Result of the vote: ${meeting.symbol}, ${meeting.title}`,
    createdAt: new Date(result.closed_at),
  });
  report.line(`Result of the vote: ${meeting.title}`, { bold: true, size: 14 });
  report.line(`${meeting.token_name} (${meeting.symbol}), issued by ${meeting.issuer_name}`);
  report.line(`Record date: ${meeting.record_date}`);
  report.line(`Voting: ${meeting.opens_at} to ${meeting.closes_at}`);
  report.line(
    `Eligible votes: ${result.eligible_units} (${meeting.holder_count} holders of record)    ` +
      `Represented: ${result.represented_units} (${result.turnout_pct}%)`,
  );
  report.line(
    `Quorum: ${result.quorum_pct}% of the eligible votes: ${result.quorum_met ? 'met' : 'not met'}`,
  );
  for (const [i, r] of result.resolutions.entries()) {
    report.gap(10);
    report.room(40 + 14 * r.choices.length);
    report.line(`Resolution ${i + 1}: ${r.title}`, { bold: true, size: 11 });
    report.line(
      `Needs ${majorityWords[r.majority]} of the votes for and against. ` +
        `Votes cast: ${r.votes_cast} (${r.turnout_pct}% of the eligible). ` +
        (r.passed ? 'PASSED' : 'NOT PASSED'),
    );
    report.table(
      columns,
      r.choices.map((c) => [c.label, c.effect, c.units, c.pct_of_cast]),
    );
  }
  report.room(110);
  report.gap(16);
  report.line('Certification', { bold: true, size: 10 });
  report.line(`I certify that the above is the true result of the vote of ${meeting.closes_at}.`);
  report.gap(14);
  for (const label of ['Name', 'Title', 'Signature', 'Date']) report.blank(label);
  return report.save();
}
