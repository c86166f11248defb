/**
 * Businesses (spec C): an issuer registers one (KYC level 2 or more, via the register_business
 * gate), staff verify its KYB, an admin activates it; only an active business lists tokens.
 */
import { transaction, type Db } from '../../lib/db/database.js';
import type { Business } from '../../lib/db/schema-verification.js';
import type { AccessClaims } from '../../lib/auth/access-token.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { businessForUpdate, insertBusiness } from '../verification/kyb.queries.js';
import { countryOf } from '../verification/kyc.service.js';
import type { CreateBusinessBody } from './businesses.schemas.js';
import { activateBusiness, findBusiness, listBusinesses } from './businesses.queries.js';

/** Staff and admins see every business; an owner sees their own; anyone else gets 404. */
export function canSee(caller: AccessClaims, business: Pick<Business, 'owner_id'>): boolean {
  return caller.role === 'staff' || caller.role === 'admin' || business.owner_id === caller.userId;
}

export function businessesService(db: Db) {
  return {
    async create(ownerId: string, body: CreateBusinessBody, ip: string): Promise<Business> {
      const country = countryOf(body.country, 'country');
      return transaction(db, async (trx) => {
        const business = await insertBusiness(trx, {
          id: newId(),
          owner_id: ownerId,
          kind: 'issuer',
          name: body.name.trim(),
          registration_number: body.registration_number.trim(),
          country: country.alpha2,
          industry: body.industry ?? null,
          platform_allocation_pct: body.platform_allocation_pct,
        });
        await recordAudit(trx, {
          actorId: ownerId,
          action: 'business.created',
          targetType: 'business',
          targetId: business.id,
          ip,
        });
        return business;
      });
    },

    async activate(adminId: string, id: string, ip: string): Promise<Business> {
      return transaction(db, async (trx) => {
        const business = await businessForUpdate(trx, id);
        if (!business) throw new AppError('NOT_FOUND', 'No such business');
        if (business.status === 'active') throw new AppError('BUSINESS_ALREADY_ACTIVE');
        if (business.kyb_status !== 'approved')
          throw new AppError('KYB_NOT_APPROVED', `KYB is ${business.kyb_status}`);
        const activated = await activateBusiness(trx, id);
        await recordAudit(trx, {
          actorId: adminId,
          action: 'business.activated',
          targetType: 'business',
          targetId: id,
          ip,
        });
        return activated;
      });
    },

    list(caller: AccessClaims): Promise<Business[]> {
      const seesAll = caller.role === 'staff' || caller.role === 'admin';
      return listBusinesses(db, seesAll ? undefined : caller.userId);
    },

    async get(caller: AccessClaims, id: string): Promise<Business> {
      const business = await findBusiness(db, id);
      if (!business || !canSee(caller, business))
        throw new AppError('NOT_FOUND', 'No such business');
      return business;
    },
  };
}
