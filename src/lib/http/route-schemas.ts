import { Type } from '@sinclair/typebox';

/** OpenAPI security of routes behind the bearer access token. */
export const bearer = [{ bearer: [] }];

/** Path parameters of routes addressing one resource by its UUID. */
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
