/** The words of a shareholder meeting's notices: to its proposer, and to its holders of record. */
import type { Notice } from '../notifications/notify.js';

const at = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function meetingDecided(
  userId: string,
  meeting: { title: string },
  symbol: string,
  approved: boolean,
): Notice {
  return {
    userId,
    kind: 'meeting.decided',
    title: approved
      ? `The ${symbol} meeting "${meeting.title}" is approved`
      : `The ${symbol} meeting "${meeting.title}" was not approved`,
    body: approved
      ? 'Staff approved the meeting: its holders of record are told once the record date passes, and vote in its window.'
      : 'Staff rejected the meeting. Sign in to read their note.',
  };
}

export function meetingConvened(
  userId: string,
  meeting: { title: string; opens_at: Date; closes_at: Date },
  symbol: string,
  weight: string,
  link: string,
): Notice {
  return {
    userId,
    kind: 'meeting.convened',
    title: `Vote on ${symbol}: ${meeting.title}`,
    body: `As a holder of ${weight} ${symbol} at the record date you have ${weight} votes on each resolution. Voting is open from ${at(meeting.opens_at)} to ${at(meeting.closes_at)}; you may change your votes until it closes.`,
    link,
  };
}

export function meetingResults(
  userId: string,
  meeting: { title: string },
  symbol: string,
  passed: number,
  of: number,
  link: string,
): Notice {
  return {
    userId,
    kind: 'meeting.results',
    title: `Results of the ${symbol} vote: ${meeting.title}`,
    body: `Voting has closed: ${passed} of ${of} resolution(s) passed. The results, with turnout and quorum, are on the meeting's page.`,
    link,
  };
}
