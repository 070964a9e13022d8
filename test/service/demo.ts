/** Demo data for `npm start` and the browser test: a course collection validated by the contract's example schema. */
import { courseModule, brokenCourseModule, courseModuleSchema } from './courseModule';
import type { BinService } from './server';
import type { Account } from './store';

export interface Demo {
  account: Account;
  collectionId: string;
  schemaDocId: string;
  validBinId: string;
  brokenBinId: string;
  publicBinId: string;
  looseBinId: string;
}

/** Seeds the store as the service's own operations would have, in an order a real account could reach. */
export function seedDemo(service: BinService, key?: string): Demo {
  const { store } = service;
  const account = service.addAccount('free', undefined, key);
  const collection = store.createCollection(account, 'Course modules');
  // Stored before the schema doc was attached: the service does not revalidate stored bins.
  const broken = store.createBin(account, brokenCourseModule('Thermodynamics'), { name: 'Thermodynamics (draft)', private: true, collectionId: collection.id });
  const schemaDoc = store.createSchemaDoc(account, 'Course module', courseModuleSchema, store.compile(courseModuleSchema));
  collection.schemaDocId = schemaDoc.id;
  const valid = store.createBin(account, courseModule('Photosynthesis'), { name: 'Photosynthesis', private: true, collectionId: collection.id });
  const publicBin = store.createBin(account, courseModule('Plate tectonics'), {
    name: 'Plate tectonics (public)',
    private: false,
    collectionId: collection.id,
  });
  const loose = store.createBin(account, { theme: 'dark', fontSize: 14, features: { autosave: true } }, { name: 'Editor preferences', private: true });
  return {
    account,
    collectionId: collection.id,
    schemaDocId: schemaDoc.id,
    validBinId: valid.id,
    brokenBinId: broken.id,
    publicBinId: publicBin.id,
    looseBinId: loose.id,
  };
}
