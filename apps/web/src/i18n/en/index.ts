import { auth, dashboard, errors, nav, reports } from './app.ts';
import { administration, roles, users } from './administration.ts';
import { assets, inspectionMethods } from './assets.ts';
import { common } from './common.ts';
import { documents } from './documents.ts';
import { engine } from './engine.ts';
import { validation } from './validation.ts';
import { entities, techniqueLabels } from './entities.ts';
import { approvals } from './approvals.ts';
import { myTasks } from './my-tasks.ts';
import { offline } from './offline.ts';
import { teamPlan } from './team-plan.ts';
import { ndt } from './ndt.ts';
import { equipmentHealth } from './equipment-health.ts';
import { thickness } from './thickness.ts';
import { recommendations } from './recommendations.ts';
import { imageList, workspace } from './techniques.ts';
import { taskAssignments } from './task-assignments.ts';
import { taskAssignmentImport } from './task-assignment-import.ts';
import { thermal } from './thermal.ts';
import { workOrders } from './work-orders.ts';

/** English: the source language; `id` mirrors every key (checked by the type below). */
export const en = {
  common,
  engine,
  validation,
  nav,
  auth,
  errors,
  dashboard,
  workOrders,
  reports,
  thermal,
  entities,
  techniques: techniqueLabels,
  documents,
  ndt,
  equipmentHealth,
  thickness,
  recommendations,
  taskAssignments,
  assets,
  inspectionMethods,
  taskAssignmentImport,
  myTasks,
  offline,
  teamPlan,
  approvals,
  administration,
  users,
  roles,
  workspace,
  imageList,
};

/** The shape every translation must have: the same keys, any strings. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
