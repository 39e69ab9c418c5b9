import { methodModules, techniqueOfMethod } from './catalogue.ts';
import { reportHeader } from './entities/report-headers.ts';
import { reportSupportingDocument } from './entities/supporting-documents.ts';
import type { Permission } from './permissions.ts';

/**
 * What a role must hold for its users to be named as inspectors of the inspection method with this
 * code (docs/task-assignments.md, "Who may be named as an inspector"): everything writing a report
 * of the method takes.
 *
 * - `reportHeader.create`: an inspector makes the report.
 * - `create` on the method's own module, for every method of the product's catalogue, served by a
 *   technique or not yet: the permission matrix's tick for the method is what says "this role does
 *   thermal", and an administrator who narrows a contractor's role to some methods narrows whom
 *   the planner may name.
 * - `supportingDocument.create` for a method no technique serves (a planned one, or one an
 *   administrator added): such a report holds its findings in supporting documents
 *   (`undeclaredMethodCompleteness`), so writing them is the work.
 *
 * The administrator role is never named, whatever it holds: it runs the organisation, it does not
 * do the inspections (the server checks that beside these grants).
 */
export function inspectorGrantsOf(method: string): Permission[] {
  const grants: Permission[] = [{ module: reportHeader.module, action: 'create' }];
  if ((methodModules as readonly string[]).includes(method))
    grants.push({ module: method, action: 'create' });
  if (!techniqueOfMethod(method)) grants.push({ module: reportSupportingDocument.module, action: 'create' });
  return grants;
}
