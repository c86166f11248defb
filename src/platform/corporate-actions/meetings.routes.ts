/**
 * Shareholder meetings for issuers and holders (HTTP only): propose, follow, vote, read the
 * result and export it. Staff's decisions are in meetings-staff.routes.ts.
 */
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { meetingFileName, meetingResultsCsv } from './meeting-results-csv.js';
import {
  BallotBody,
  MeetingPage,
  MeetingsQuery,
  MeetingView,
  MyMeetings,
  ProposeMeetingBody,
} from './meetings.schemas.js';
import type { MeetingResults, MeetingsService } from './meetings.service.js';

export function meetingsRoutes(
  app: HttpApp,
  meetings: MeetingsService,
  { guard }: ReturnType<typeof guards>,
) {
  const tags = ['shareholder votes'];
  const anyone = guard();

  app.post(
    '/api/v1/meetings',
    {
      onRequest: guard('issuer', 'staff', 'admin'),
      schema: {
        tags,
        summary:
          "Propose a shareholder meeting for the token (its issuer, or staff on the issuer's behalf)",
        security: bearer,
        body: ProposeMeetingBody,
        response: { 201: MeetingView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await meetings.propose(caller(request), request.body, request.ip)),
  );

  app.get(
    '/api/v1/meetings',
    {
      onRequest: guard('issuer', 'staff', 'admin'),
      schema: {
        tags,
        summary: "Meetings, newest first: an issuer's own tokens', staff every one",
        security: bearer,
        querystring: MeetingsQuery,
        response: { 200: MeetingPage },
      },
    },
    (request) => meetings.list(caller(request), request.query),
  );

  app.get(
    '/api/v1/me/meetings',
    {
      onRequest: anyone,
      schema: {
        tags,
        summary: 'The meetings where the caller is a holder of record, with their weight and votes',
        security: bearer,
        response: { 200: MyMeetings },
      },
    },
    (request) => meetings.mine(caller(request)),
  );

  app.get(
    '/api/v1/meetings/:id',
    {
      onRequest: anyone,
      schema: {
        tags,
        summary:
          "One meeting: for staff, the token's issuer and its holders of record; the result once closed",
        security: bearer,
        params: IdParams,
        response: { 200: MeetingView },
      },
    },
    (request) => meetings.get(caller(request), request.params.id),
  );

  app.put(
    '/api/v1/meetings/:id/ballot',
    {
      onRequest: anyone,
      schema: {
        tags,
        summary: "The holder's votes, replacing any before them, while voting is open",
        security: bearer,
        params: IdParams,
        body: BallotBody,
        response: { 200: MeetingView },
      },
    },
    (request) => meetings.vote(caller(request), request.params.id, request.body.votes, request.ip),
  );

  const exports = [
    {
      ext: 'csv',
      summary: "The meeting's result as CSV (a MEETING row with turnout and quorum last)",
      type: 'text/csv; charset=utf-8',
      body: (found: MeetingResults) => Promise.resolve(meetingResultsCsv(found)),
    },
    {
      ext: 'pdf',
      summary: "The meeting's result as a PDF with a certification to sign",
      type: 'application/pdf',
      // pdf-lib is loaded on the first download, not by every start of the platform
      body: async (found: MeetingResults) =>
        Buffer.from(await (await import('./meeting-results-pdf.js')).meetingResultsPdf(found)),
    },
  ] as const;
  for (const format of exports) {
    app.get(
      `/api/v1/meetings/:id/results.${format.ext}`,
      {
        onRequest: anyone,
        schema: { tags, summary: format.summary, security: bearer, params: IdParams },
      },
      async (request, reply) => {
        const found = await meetings.results(caller(request), request.params.id);
        return reply
          .type(format.type)
          .header(
            'content-disposition',
            `attachment; filename="${meetingFileName(found, format.ext)}"`,
          )
          .send(await format.body(found));
      },
    );
  }
}
