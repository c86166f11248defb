import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { CreateStaffBody, UserView, toUserView } from './users.schemas.js';
import type { usersService } from './users.service.js';

export function usersRoutes(
  app: HttpApp,
  users: ReturnType<typeof usersService>,
  { guard }: ReturnType<typeof guards>,
) {
  app.get(
    '/api/v1/me',
    {
      onRequest: guard(),
      schema: {
        tags: ['users'],
        summary: 'The caller',
        security: [{ bearer: [] }],
        response: { 200: UserView },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      return toUserView(await users.me(userId), await users.kybStatus(userId));
    },
  );

  app.post(
    '/api/v1/admin/users',
    {
      onRequest: guard('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Create a staff or admin user',
        security: [{ bearer: [] }],
        body: CreateStaffBody,
        response: { 201: UserView },
      },
    },
    async (request, reply) => {
      const user = await users.createStaffUser(caller(request).userId, request.body, request.ip);
      return reply.code(201).send(toUserView(user));
    },
  );
}
