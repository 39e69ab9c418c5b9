import { engine as enEngine } from './en/engine.ts';
import { entities as enEntities } from './en/entities.ts';
import { imageList as enImageList, workspace as enWorkspace } from './en/techniques.ts';
import { thermal as enThermal } from './en/thermal.ts';
import { engine as idEngine } from './id/engine.ts';
import { entities as idEntities } from './id/entities.ts';
import { imageList as idImageList, workspace as idWorkspace } from './id/techniques.ts';
import { thermal as idThermal } from './id/thermal.ts';
import { i18n } from './index.ts';

// Imported by the signed-in shell (and the test setup): the strings of forms, tables and inspection
// screens, and the labels of declared entities (read from the contract), join those loaded at start.
// The sign-in page needs none of them and does not download them.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    engine: enEngine,
    thermal: enThermal,
    workspace: enWorkspace,
    imageList: enImageList,
    entities: enEntities,
  },
  true,
  true,
);
i18n.addResourceBundle(
  'id',
  'translation',
  {
    engine: idEngine,
    thermal: idThermal,
    workspace: idWorkspace,
    imageList: idImageList,
    entities: idEntities,
  },
  true,
  true,
);
