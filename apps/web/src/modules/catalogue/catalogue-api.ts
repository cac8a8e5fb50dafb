import * as catalogue from '@pennant/shared/catalogue/contract';
import {
  AD_TYPES_RETRIES,
  AD_TYPES_STALE_MS,
  PICKER_STALE_MS,
  type TBundle,
  type TBundleInput,
  type TBundleSeasonFilter,
  type TDocumentLink,
  type TPriceList,
  type TPriceListInput,
  type TProduct,
  type TProductInput,
} from '@pennant/shared/catalogue/schemas';
import type { TAdType } from '@pennant/shared/onboarding/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';

/**
 * The catalogue's query keys, query hooks and mutation hooks (products, ad types, bundles, price
 * lists). Every key starts with 'catalogue', the realtime topic, so one prefix refreshes the area.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  adTypes: ['catalogue', 'ad-types'] as const,
  products: ['catalogue', 'products'] as const,
  bundles: (season: TBundleSeasonFilter) => ['catalogue', 'bundles', season] as const,
  priceLists: ['catalogue', 'price-lists'] as const,
};

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** Global ad types plus the organization's own; they change rarely (spec §7: 5 minutes, 2 retries). */
export function useAdTypes() {
  return useQuery({
    queryKey: catalogueKeys.adTypes,
    queryFn: async () => (await call(catalogue.listAdTypes)).adTypes,
    staleTime: AD_TYPES_STALE_MS,
    retry: AD_TYPES_RETRIES,
  });
}

/** Every product of the organization, by name. `picker` marks the price-list picker's use (stale 60 s). */
export function useProducts(opts: { picker?: boolean } = {}) {
  return useQuery({
    queryKey: catalogueKeys.products,
    queryFn: async () => (await call(catalogue.listProducts)).products,
    ...(opts.picker ? { staleTime: PICKER_STALE_MS } : {}),
  });
}

export function useBundles(season: TBundleSeasonFilter, opts: { enabled?: boolean; picker?: boolean } = {}) {
  return useQuery({
    queryKey: catalogueKeys.bundles(season),
    queryFn: () => call(catalogue.listBundles, { query: { season } }),
    enabled: opts.enabled ?? true,
    ...(opts.picker ? { staleTime: PICKER_STALE_MS } : {}),
  });
}

export function usePriceLists() {
  return useQuery({
    queryKey: catalogueKeys.priceLists,
    queryFn: async () => (await call(catalogue.listPriceLists)).priceLists,
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations: each refreshes the 'catalogue' topic when it settles; pages add their messages.
// ---------------------------------------------------------------------------------------------

/** Adds a custom ad type (or answers the existing one with that slug) and puts it in the cached list at once. */
export function useCreateAdType(ui?: TMutationUi<TAdType, string>) {
  const qc = useQueryClient();
  return useContractMutation(
    catalogue.createAdType,
    {
      mutationFn: (label: string) => call(catalogue.createAdType, { body: { label } }),
      onSuccess: (created) =>
        qc.setQueryData<TAdType[]>(catalogueKeys.adTypes, (list) =>
          list && !list.some((t) => t.id === created.id) ? [...list, created] : list,
        ),
    },
    ui,
  );
}

export function useCreateProduct(ui?: TMutationUi<TProduct, TProductInput>) {
  return useContractMutation(
    catalogue.createProduct,
    { mutationFn: (body: TProductInput) => call(catalogue.createProduct, { body }) },
    ui,
  );
}

export type TProductChange = { id: string; body: TProductInput };

export function useUpdateProduct(ui?: TMutationUi<TProduct, TProductChange>) {
  return useContractMutation(
    catalogue.updateProduct,
    { mutationFn: ({ id, body }: TProductChange) => call(catalogue.updateProduct, { params: { id }, body }) },
    ui,
  );
}

export function useDuplicateProduct(ui?: TMutationUi<TProduct, TProduct>) {
  return useContractMutation(
    catalogue.duplicateProduct,
    { mutationFn: (product: TProduct) => call(catalogue.duplicateProduct, { params: { id: product.id } }) },
    ui,
  );
}

export function useDeleteProduct(ui?: TMutationUi<unknown, TProduct>) {
  return useContractMutation(
    catalogue.deleteProduct,
    { mutationFn: (product: TProduct) => call(catalogue.deleteProduct, { params: { id: product.id } }) },
    ui,
  );
}

export function useCreateBundle(ui?: TMutationUi<TBundle, TBundleInput>) {
  return useContractMutation(
    catalogue.createBundle,
    { mutationFn: (body: TBundleInput) => call(catalogue.createBundle, { body }) },
    ui,
  );
}

export type TBundleChange = { id: string; body: TBundleInput };

export function useUpdateBundle(ui?: TMutationUi<TBundle, TBundleChange>) {
  return useContractMutation(
    catalogue.updateBundle,
    { mutationFn: ({ id, body }: TBundleChange) => call(catalogue.updateBundle, { params: { id }, body }) },
    ui,
  );
}

export function useDeleteBundle(ui?: TMutationUi<unknown, TBundle>) {
  return useContractMutation(
    catalogue.deleteBundle,
    { mutationFn: (bundle: TBundle) => call(catalogue.deleteBundle, { params: { id: bundle.id } }) },
    ui,
  );
}

export function useCreatePriceList(ui?: TMutationUi<TPriceList, TPriceListInput>) {
  return useContractMutation(
    catalogue.createPriceList,
    { mutationFn: (body: TPriceListInput) => call(catalogue.createPriceList, { body }) },
    ui,
  );
}

export type TPriceListChange = { id: string; body: TPriceListInput };

export function useUpdatePriceList(ui?: TMutationUi<TPriceList, TPriceListChange>) {
  return useContractMutation(
    catalogue.updatePriceList,
    { mutationFn: ({ id, body }: TPriceListChange) => call(catalogue.updatePriceList, { params: { id }, body }) },
    ui,
  );
}

export function useDeletePriceList(ui?: TMutationUi<unknown, TPriceList>) {
  return useContractMutation(
    catalogue.deletePriceList,
    { mutationFn: (list: TPriceList) => call(catalogue.deletePriceList, { params: { id: list.id } }) },
    ui,
  );
}

/** Renders the price list's PDF price sheet on the server and answers a short-lived link to it. */
export function useCreatePriceSheet(ui?: TMutationUi<TDocumentLink, TPriceList>) {
  return useContractMutation(
    catalogue.createPriceSheet,
    { mutationFn: (list: TPriceList) => call(catalogue.createPriceSheet, { params: { id: list.id } }) },
    ui,
  );
}
