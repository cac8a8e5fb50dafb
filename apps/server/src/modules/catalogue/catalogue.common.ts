import type { TArea, TRecordAction } from '@pennant/shared/session/permissions';
import { can, refusal } from '@pennant/shared/session/permissions';
import { z } from 'zod';
import { isoInstant } from '../../db/instant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';

/** The catalogue's areas in the permission matrix. */
export type TCatalogueArea = Extract<TArea, 'products' | 'bundles' | 'price_lists'>;

/** The route checks the same right first; the service checks again (defence in depth). */
export function requireCatalogueRight(member: TMember, action: TRecordAction, area: TCatalogueArea): void {
  if (!can(member, action, area)) throw new AppError('forbidden', refusal(`${area}.${action}`));
}

const ZId = z.uuid();
/** Ids arrive as path text; anything that is not a uuid cannot name a row, so it is simply not found. */
export function isId(value: string): boolean {
  return ZId.safeParse(value).success;
}

export const productNotFound = () => new AppError('not_found', 'Product not found');
export const bundleNotFound = () => new AppError('not_found', 'Bundle not found');
/** The spec's words, with the id only when it is one (a path's arbitrary text is not echoed). */
export const priceListNotFound = (id: string) =>
  new AppError('not_found', isId(id) ? `Could not find price list with ID ${id}` : 'Price list not found');

/** A 400 naming the fields at fault, the first message as the summary (the shape of schema errors). */
export function fieldErrors(fields: Record<string, string>): AppError {
  const first = Object.values(fields)[0] ?? 'Invalid input';
  return new AppError('validation_failed', first, fields);
}

/** 409: a cap reached, or a record still in use; the message says which. */
export const conflict = (message: string) => new AppError('conflict', message);

/** After commit: every open catalogue page of the organization refreshes. */
export function publishCatalogue(deps: TDeps, member: TMember): void {
  deps.hub.publish(member.orgId, { topic: 'catalogue' });
}

export const toIso = (v: Date | string): string => isoInstant(v);
