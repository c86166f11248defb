import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { Type } from '@sinclair/typebox';
import { UserRef } from './user-refs.js';
import {
  CreateStaffBody,
  DecideRoleGrantBody,
  RoleGrantsQuery,
  RoleGrantView,
  toRoleGrantView,
  UserListQuery,
  UserRefsQuery,
  UserView,
  toUserView,
} from './users.schemas.js';
import type { usersService } from './users.service.js';
import type { Role } from '../../lib/db/schema.js';

export function usersRoutes(
  app: HttpApp,
  users: ReturnType<typeof usersService>,
  { guard, stepUp, beforePasswordChange }: ReturnType<typeof guards>,
) {
  app.get(
    '/api/v1/me',
    {
      onRequest: beforePasswordChange(),
      config: { apiKey: 'read' },
      schema: {
        tags: ['users'],
        summary: 'The caller',
        security: [{ bearer: [] }],
        response: { 200: UserView },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      return toUserView(await users.me(userId), await users.relations(userId));
    },
  );

  app.get(
    '/api/v1/admin/users',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Users, newest first, by role, KYC status, part of the email, or id, email or name',
        security: bearer,
        querystring: UserListQuery,
        response: { 200: Page(UserView) },
      },
    },
    async (request) => {
      const { limit = 50, cursor, role, kyc_status, email, q } = request.query;
      const rows = await users.list({
        limit,
        ...(cursor ? { cursor } : {}),
        ...(role ? { role: role as Role } : {}),
        ...(kyc_status ? { kycStatus: kyc_status } : {}),
        ...(email ? { email } : {}),
        ...(q ? { q } : {}),
      });
      return toPage(rows, limit, (row) =>
        toUserView(row, { kybStatus: row.kyb_status, kycDocument: null }),
      );
    },
  );

  app.get(
    '/api/v1/admin/user-refs',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary:
          'People by id (name and email), for staff screens whose data names users by id only (surveillance alerts)',
        security: bearer,
        querystring: UserRefsQuery,
        response: { 200: Type.Object({ data: Type.Array(UserRef) }) },
      },
    },
    async (request) => ({ data: await users.refs(request.query.id) }),
  );

  app.post(
    '/api/v1/admin/users',
    {
      onRequest: stepUp('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Create a staff or admin account: 202 proposed, for another admin to approve; 201 made ' +
          'at once when you are the only admin',
        security: [{ bearer: [] }],
        body: CreateStaffBody,
        response: { 201: UserView, 202: RoleGrantView },
      },
    },
    async (request, reply) => {
      const granted = await users.grantRole(caller(request).userId, request.body, request.ip);
      return 'user' in granted
        ? reply.code(201).send(toUserView(granted.user))
        : reply.code(202).send(toRoleGrantView(granted.grant));
    },
  );

  app.get(
    '/api/v1/admin/role-grants',
    {
      onRequest: guard('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Staff and admin accounts proposed and granted, newest first',
        security: bearer,
        querystring: RoleGrantsQuery,
        response: { 200: Page(RoleGrantView) },
      },
    },
    async (request) => {
      const { limit = 50, cursor, status } = request.query;
      const rows = await users.roleGrants({
        limit,
        ...(cursor ? { cursor } : {}),
        ...(status ? { status } : {}),
      });
      return toPage(rows, limit, toRoleGrantView);
    },
  );

  app.post(
    '/api/v1/admin/role-grants/:id/decision',
    {
      onRequest: stepUp('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Approve (the account is made) or reject a proposed staff or admin account',
        security: bearer,
        params: IdParams,
        body: DecideRoleGrantBody,
        response: { 200: RoleGrantView },
      },
    },
    async (request) =>
      toRoleGrantView(
        await users.decideRoleGrant(
          caller(request).userId,
          request.params.id,
          request.body.decision === 'approve',
          request.ip,
        ),
      ),
  );
}
