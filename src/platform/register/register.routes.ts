/** The investor register of a token as of an instant: JSON, CSV and a PDF to sign. */
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { registerCsv, registerFileName } from './register-csv.js';
import { RegisterQuery, RegisterView } from './register.schemas.js';
import type { Register, RegisterService } from './register.service.js';

export function registerRoutes(
  app: HttpApp,
  register: RegisterService,
  { guard }: ReturnType<typeof guards>,
) {
  const onRequest = guard('issuer', 'staff', 'admin');
  const tags = ['registers'];
  const description =
    'Computed from the record of every token movement at or before as_of, reconciled with the ' +
    "chain's balances at the last block mined at or before as_of. The token's issuer and staff.";

  app.get(
    '/api/v1/tokens/:id/register',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The register of holders as of an instant',
        description,
        security: bearer,
        params: IdParams,
        querystring: RegisterQuery,
        response: { 200: RegisterView },
      },
    },
    async (request) => register.registerOf(caller(request), request.params.id, request.query.as_of),
  );

  const exports = [
    {
      ext: 'csv',
      summary: 'The register of holders as of an instant, as CSV (a TOTAL row last)',
      type: 'text/csv; charset=utf-8',
      body: (found: Register) => Promise.resolve(registerCsv(found)),
    },
    {
      ext: 'pdf',
      summary: 'The register of holders as of an instant, as a PDF with a certification to sign',
      type: 'application/pdf',
      // pdf-lib is loaded on the first download, not by every start of the platform
      body: async (found: Register) =>
        Buffer.from(await (await import('./register-pdf.js')).registerPdf(found)),
    },
  ] as const;
  for (const format of exports) {
    app.get(
      `/api/v1/tokens/:id/register.${format.ext}`,
      {
        onRequest,
        schema: {
          tags,
          summary: format.summary,
          description,
          security: bearer,
          params: IdParams,
          querystring: RegisterQuery,
        },
      },
      async (request, reply) => {
        const found = await register.registerOf(
          caller(request),
          request.params.id,
          request.query.as_of,
        );
        return reply
          .type(format.type)
          .header(
            'content-disposition',
            `attachment; filename="${registerFileName(found, format.ext)}"`,
          )
          .send(await format.body(found));
      },
    );
  }
}
