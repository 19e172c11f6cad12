export { createValueStore, resetValueStores, useStoreValue, type ValueStore } from './value-store';
