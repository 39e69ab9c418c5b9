import type { TechniqueIcon } from '@inspectra/contract';
import {
  IconActivity,
  IconBolt,
  IconDroplet,
  IconEngine,
  IconFileText,
  IconMovie,
  IconTemperature,
  IconVectorTriangle,
  IconWalk,
  IconWaveSine,
  IconZoomScan,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

/** The drawing of each icon a technique may name: a new icon in the contract is a type error here. */
export const techniqueIcons: Record<TechniqueIcon, Icon> = {
  temperature: IconTemperature,
  crack: IconZoomScan,
  walk: IconWalk,
  document: IconFileText,
  drawing: IconVectorTriangle,
  ultrasound: IconWaveSine,
  potential: IconBolt,
  motion: IconMovie,
  vibration: IconActivity,
  motor: IconEngine,
  oil: IconDroplet,
};
