/**
 * Staff's routes of shareholder meetings, all in this one place: the queue, the four-eyes
 * decision (with a second factor used recently) and the ballots.
 */
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import {
  Ballots,
  DecideMeetingBody,
  MeetingPage,
  MeetingsQuery,
  MeetingView,
} from './meetings.schemas.js';
import type { MeetingsService } from './meetings.service.js';

export function meetingsStaffRoutes(
  app: HttpApp,
  meetings: MeetingsService,
  { guard, stepUp }: ReturnType<typeof guards>,
) {
  const staff = guard('staff', 'admin');
  // approving a meeting convenes the holders: a second factor used recently
  const decider = stepUp('staff', 'admin');
  const tags = ['shareholder votes'];

  app.get(
    '/api/v1/admin/meetings',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Every meeting, newest first, by status (proposed: awaiting a decision)',
        security: bearer,
        querystring: MeetingsQuery,
        response: { 200: MeetingPage },
      },
    },
    (request) => meetings.list(caller(request), request.query),
  );

  app.post(
    '/api/v1/admin/meetings/:id/decision',
    {
      onRequest: decider,
      schema: {
        tags,
        summary: 'Approve or reject a proposed meeting (a member of staff other than the proposer)',
        security: bearer,
        params: IdParams,
        body: DecideMeetingBody,
        response: { 200: MeetingView },
      },
    },
    (request) =>
      meetings.decide(
        caller(request),
        request.params.id,
        { approve: request.body.decision === 'approve', note: request.body.note },
        request.ip,
      ),
  );

  app.get(
    '/api/v1/admin/meetings/:id/ballots',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Every holder of record with their weight and their votes',
        security: bearer,
        params: IdParams,
        response: { 200: Ballots },
      },
    },
    (request) => meetings.ballots(request.params.id),
  );
}
