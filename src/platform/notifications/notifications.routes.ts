/**
 * A user's notifications (the in-app list) and which kinds also come by email.
 */
import { Type } from '@sinclair/typebox';
import type { Clock } from '../../lib/clock.js';
import { transaction, type Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, PageQuery, toPage } from '../../lib/http/pagination.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { emailOptional, userNotificationKinds } from './notification-kinds.js';
import {
  emailChoices,
  markUserNotificationRead,
  saveEmailChoices,
  userNotifications,
} from './notifications.queries.js';

const Kind = Type.Union(userNotificationKinds.map((kind) => Type.Literal(kind)));

const NotificationView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  read_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});

const Preference = Type.Object({
  kind: Kind,
  email: Type.Boolean(),
  /** security notices and agent actions always go by email */
  required: Type.Boolean(),
});
const Preferences = Type.Object({ preferences: Type.Array(Preference) });
const PreferencesBody = Type.Object(
  {
    preferences: Type.Array(
      Type.Object({ kind: Kind, email: Type.Boolean() }, { additionalProperties: false }),
      { maxItems: userNotificationKinds.length },
    ),
  },
  { additionalProperties: false },
);

export function notificationsRoutes(
  app: HttpApp,
  db: Db,
  { guard }: ReturnType<typeof guards>,
  clock: Clock,
) {
  const signedIn = guard();
  const tags = ['notifications'];

  const preferencesOf = async (userId: string) => {
    const choices = await emailChoices(db, userId);
    return {
      preferences: userNotificationKinds.map((kind) => ({
        kind,
        email: !emailOptional(kind) || choices.get(kind) !== false,
        required: !emailOptional(kind),
      })),
    };
  };

  app.get(
    '/api/v1/notifications',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Your notifications, newest first',
        security: bearer,
        querystring: Type.Object(
          { ...PageQuery, unread: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
        response: { 200: Page(NotificationView) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const rows = await userNotifications(db, caller(request).userId, {
        limit,
        unreadOnly: request.query.unread ?? false,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      });
      return toPage(rows, limit, (row) => ({
        ...row,
        read_at: row.read_at?.toISOString() ?? null,
        created_at: row.created_at.toISOString(),
      }));
    },
  );

  app.post(
    '/api/v1/notifications/:id/read',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Mark one of your notifications read',
        security: bearer,
        params: IdParams,
        response: { 200: Type.Object({ read: Type.Boolean() }) },
      },
    },
    async (request) => {
      const marked = await markUserNotificationRead(
        db,
        caller(request).userId,
        request.params.id,
        clock.now(),
      );
      if (!marked) throw new AppError('NOT_FOUND', 'No such notification');
      return { read: true };
    },
  );

  app.get(
    '/api/v1/me/notification-preferences',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Which kinds of notification also come by email',
        description:
          'Every notification lands in the in-app list. Security notices, agent actions on your account or holdings and registration attempts with your address always come by email (required: true).',
        security: bearer,
        response: { 200: Preferences },
      },
    },
    async (request) => preferencesOf(caller(request).userId),
  );

  app.put(
    '/api/v1/me/notification-preferences',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Choose which kinds of notification come by email',
        description:
          'Kinds not listed keep their choice. Turning off a required kind is refused (NOTIFICATION_REQUIRED).',
        security: bearer,
        body: PreferencesBody,
        response: { 200: Preferences },
      },
    },
    async (request) => {
      const userId = caller(request).userId;
      const required = request.body.preferences.find((p) => !emailOptional(p.kind) && !p.email);
      if (required)
        throw new AppError(
          'NOTIFICATION_REQUIRED',
          `${required.kind} notices always come by email`,
          { kind: required.kind },
        );
      await transaction(db, (trx) => saveEmailChoices(trx, userId, request.body.preferences));
      return preferencesOf(userId);
    },
  );
}
