import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import type { VerificationGates } from '../verification/gates.js';
import {
  CreateDividendBody,
  DividendQuery,
  DividendView,
  HolderPaymentView,
  PaymentQuery,
  PaymentView,
  toDividendView,
  toHolderPaymentView,
  toPaymentView,
} from './dividends.schemas.js';
import type { DividendsService } from './dividends.service.js';
import { WithUser } from '../users/user-refs.js';
import { Type } from '@sinclair/typebox';

export function dividendsRoutes(
  app: HttpApp,
  dividends: DividendsService,
  { guard, stepUp }: ReturnType<typeof guards>,
  { gate }: VerificationGates,
) {
  const issuer = [guard('issuer'), gate('issuer_actions')];
  const tags = ['dividends'];

  app.post(
    '/api/v1/dividends',
    {
      onRequest: issuer,
      schema: {
        tags,
        summary: 'Declare a dividend of your token: a draft with the holder snapshot',
        security: bearer,
        body: CreateDividendBody,
        response: { 201: DividendView },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          toDividendView(await dividends.declare(caller(request).userId, request.body, request.ip)),
        ),
  );

  readRoutes(app, dividends, {
    prefix: '/api/v1/dividends',
    onRequest: guard('issuer'),
    tags,
    namesHolders: false,
    summaries: [
      'Your dividend declarations, newest first',
      'One of your dividend declarations',
      "A declaration's payments (one per holder), in payment order",
    ],
  });

  for (const [action, summary] of [
    ['submit', 'Submit a draft for approval'],
    ['cancel', 'Cancel a draft or a declaration awaiting approval'],
  ] as const) {
    app.post(
      `/api/v1/dividends/:id/${action}`,
      {
        onRequest: issuer,
        schema: {
          tags,
          summary,
          security: bearer,
          params: IdParams,
          response: { 200: DividendView },
        },
      },
      async (request) => {
        const { userId, role } = caller(request);
        const id = request.params.id;
        return toDividendView(
          action === 'submit'
            ? await dividends.submit(userId, id, request.ip)
            : await dividends.cancel({ userId, role }, id, request.ip),
        );
      },
    );
  }

  app.get(
    '/api/v1/dividend-payments',
    {
      onRequest: [guard('investor', 'issuer'), gate('view_portfolio')],
      schema: {
        tags,
        summary: 'Dividends paid (or being paid) to you, newest first',
        security: bearer,
        querystring: PaymentQuery,
        response: { 200: Page(HolderPaymentView) },
      },
    },
    async (request) =>
      toPage(
        await dividends.holderPayments(caller(request).userId, request.query),
        request.query.limit ?? 50,
        toHolderPaymentView,
      ),
  );

  const staff = guard('staff', 'admin');
  const admin = guard('admin');
  const adminTags = ['admin'];

  readRoutes(app, dividends, {
    prefix: '/api/v1/admin/dividends',
    onRequest: staff,
    tags: adminTags,
    namesHolders: true,
    summaries: [
      'Dividend declarations, e.g. ?status=pending_approval',
      'One dividend declaration',
      "A declaration's payments, e.g. ?status=failed with the reasons",
    ],
  });

  for (const [action, summary] of [
    ['approve', "Approve a declaration (the issuer's funds must cover it)"],
    ['distribute', "Start the distribution: the issuer's funds taken, the payments queued"],
    ['cancel', 'Cancel a declaration before its distribution starts'],
  ] as const) {
    app.post(
      `/api/v1/admin/dividends/:id/${action}`,
      {
        // approving and distributing commit the issuer's money; cancelling moves none
        onRequest: action === 'cancel' ? admin : stepUp('admin'),
        schema: {
          tags: adminTags,
          summary,
          security: bearer,
          params: IdParams,
          response: { 200: DividendView },
        },
      },
      async (request) => {
        const who = caller(request);
        const id = request.params.id;
        const done =
          action === 'approve'
            ? await dividends.approve(who.userId, id, request.ip)
            : action === 'distribute'
              ? await dividends.distribute(who.userId, id, request.ip)
              : await dividends.cancel(who, id, request.ip);
        return toDividendView(done);
      },
    );
  }

  app.post(
    '/api/v1/admin/dividends/:id/retry-chain',
    {
      onRequest: staff,
      schema: {
        tags: adminTags,
        summary: "Send a token dividend's failed on-chain transfers again",
        security: bearer,
        params: IdParams,
        response: { 200: DividendView },
      },
    },
    async (request) =>
      toDividendView(
        await dividends.retryChain(caller(request).userId, request.params.id, request.ip),
      ),
  );

  app.post(
    '/api/v1/admin/dividend-payments/:id/retry',
    {
      onRequest: staff,
      schema: {
        tags: adminTags,
        summary: 'Send a failed dividend payment back to be paid (the gate is checked again)',
        security: bearer,
        params: IdParams,
        response: { 200: PaymentView },
      },
    },
    async (request) =>
      toPaymentView({
        ...(await dividends.retryPayment(caller(request).userId, request.params.id, request.ip)),
        chain_status: null,
        chain_tx_hash: null,
        chain_error: null,
      }),
  );
}

/** The list, read and payments routes, served to issuers (their own) and to staff (all) alike. */
function readRoutes(
  app: HttpApp,
  dividends: DividendsService,
  options: {
    prefix: string;
    onRequest: ReturnType<ReturnType<typeof guards>['guard']>;
    tags: string[];
    summaries: [list: string, read: string, payments: string];
    /** staff read each payment's holder by name (the issuer's list stays ids) */
    namesHolders: boolean;
  },
) {
  const { prefix, onRequest, tags, summaries, namesHolders } = options;
  app.get(
    prefix,
    {
      onRequest,
      schema: {
        tags,
        summary: summaries[0],
        security: bearer,
        querystring: DividendQuery,
        response: { 200: Page(DividendView) },
      },
    },
    async (request) =>
      toPage(
        await dividends.list(caller(request), request.query),
        request.query.limit ?? 50,
        toDividendView,
      ),
  );

  app.get(
    `${prefix}/:id`,
    {
      onRequest,
      schema: {
        tags,
        summary: summaries[1],
        security: bearer,
        params: IdParams,
        response: { 200: DividendView },
      },
    },
    async (request) => toDividendView(await dividends.get(caller(request), request.params.id)),
  );

  app.get(
    `${prefix}/:id/payments`,
    {
      onRequest,
      schema: {
        tags,
        summary: summaries[2],
        security: bearer,
        params: IdParams,
        querystring: PaymentQuery,
        response: {
          200: Page(namesHolders ? Type.Intersect([PaymentView, WithUser]) : PaymentView),
        },
      },
    },
    async (request) => {
      const page = toPage(
        await dividends.payments(caller(request), request.params.id, request.query),
        request.query.limit ?? 50,
        toPaymentView,
      );
      return namesHolders ? { ...page, data: await dividends.withHolders(page.data) } : page;
    },
  );
}
