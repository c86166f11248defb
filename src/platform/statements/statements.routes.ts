/**
 * Investor statements, JSON, CSV and PDF: the caller's own (investors and issuers, from the
 * portfolio) and any user's for staff under /admin/users/:id.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import type { VerificationGates } from '../verification/gates.js';
import { monthlyCsv, statementFileName, yearlyCsv } from './statement-csv.js';
import { monthlyPdf, yearlyPdf } from './statement-pdf.js';
import {
  MonthlyStatementView,
  MonthQuery,
  YearlyStatementView,
  YearQuery,
} from './statements.schemas.js';
import type { MonthlyStatement, StatementsService, YearlyStatement } from './statements.service.js';

interface Kind<S> {
  path: string;
  summary: string;
  querystring: TSchema;
  view: TSchema;
  read: (userId: string, query: Record<string, string>) => Promise<S>;
  csv: (statement: S) => string;
  pdf: (statement: S) => Promise<Uint8Array>;
}

/** The file as an attachment named for its period. */
function attachment(reply: FastifyReply, type: string, name: string, body: string | Buffer) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(body);
}

export function statementsRoutes(
  app: HttpApp,
  statements: StatementsService,
  gates: VerificationGates,
  { guard }: ReturnType<typeof guards>,
) {
  const tags = ['statements'];
  const monthly: Kind<MonthlyStatement> = {
    path: 'monthly',
    summary: 'A calendar month (UTC): positions, trades, subscriptions, dividends, cash reconciled',
    querystring: MonthQuery,
    view: MonthlyStatementView,
    read: (userId, query) => statements.monthly(userId, query.month!),
    csv: monthlyCsv,
    pdf: monthlyPdf,
  };
  const yearly: Kind<YearlyStatement> = {
    path: 'yearly',
    summary: 'A calendar year (UTC): dividends received and fees paid per token',
    querystring: YearQuery,
    view: YearlyStatementView,
    read: (userId, query) => statements.yearly(userId, query.year!),
    csv: yearlyCsv,
    pdf: yearlyPdf,
  };
  const audiences: {
    prefix: string;
    onRequest: onRequestHookHandler[];
    who: string;
    params?: typeof IdParams;
  }[] = [
    {
      prefix: '/api/v1/statements',
      onRequest: [guard('investor', 'issuer'), gates.gate('view_portfolio')],
      who: 'Your statement.',
    },
    {
      prefix: '/api/v1/admin/users/:id/statements',
      onRequest: [guard('staff', 'admin')],
      who: "Staff: any user's statement.",
      params: IdParams,
    },
  ];

  /** JSON, CSV and PDF of one kind of statement for one audience. */
  function routes<S extends { period: { label: string } }>(
    audience: (typeof audiences)[number],
    kind: Kind<S>,
  ) {
    const schema = {
      tags,
      summary: kind.summary,
      description: `${audience.who} A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).`,
      security: bearer,
      querystring: kind.querystring,
      ...(audience.params ? { params: audience.params } : {}),
    };
    const options = { onRequest: audience.onRequest, schema };
    const read = (request: FastifyRequest) =>
      kind.read(
        (request.params as { id?: string }).id ?? caller(request).userId,
        request.query as Record<string, string>,
      );
    const base = `${audience.prefix}/${kind.path}`;
    app.get(base, { ...options, schema: { ...schema, response: { 200: kind.view } } }, read);
    app.get(`${base}.csv`, options, async (request, reply) => {
      const statement = await read(request);
      const name = statementFileName(statement, 'csv');
      return attachment(reply, 'text/csv; charset=utf-8', name, kind.csv(statement));
    });
    app.get(`${base}.pdf`, options, async (request, reply) => {
      const statement = await read(request);
      const name = statementFileName(statement, 'pdf');
      return attachment(reply, 'application/pdf', name, Buffer.from(await kind.pdf(statement)));
    });
  }
  for (const audience of audiences) {
    routes(audience, monthly);
    routes(audience, yearly);
  }
}
