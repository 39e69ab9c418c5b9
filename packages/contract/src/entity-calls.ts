import type { EntityDefinition } from './entity.ts';
import { labelFromKey } from './fields.ts';
import { op, route } from './routes.ts';
import type { BodyKind, IdLocation, SuccessStatus } from './routes.ts';

/**
 * What a call answers when it succeeds, where it differs from the engine's ("Ultrasound inspection
 * created", 201): SPEC 8's "Ultrasound inspection created successfully". The route row carries it
 * (`routeSuccess` reads it), so the server answers it and the OpenAPI document says it.
 */
export type CallSuccess = { message?: string; status?: SuccessStatus };

/**
 * The usual calls SPEC 7 gives an entity of a technique under one path, in the order they are
 * declared: each key present is one route, each may say its success message and status. Where a
 * technique's calls differ (a path of its own, an action), it declares those with `route` beside these.
 */
export type EntityCalls = {
  /**
   * `GET {path}/{suffix}?{param}=`: every record under one parent (`by-report`, `by-inspection`);
   * for an entity with one record per parent (`uniquePerParent`), that record, or null.
   */
  byParent?: { suffix: string; param: string } & CallSuccess;
  /**
   * `GET {path}/{id}`, or with `id: 'query'` `GET {path}?id=` (`?{param}=` when given), under
   * `{suffix}` when given: one record.
   */
  get?: { id: 'query' | 'path'; suffix?: string; param?: string } & CallSuccess;
  /** `POST {path}` with this body. */
  create?: BodyKind | ({ body: BodyKind } & CallSuccess);
  /** `PUT {path}?id=` (or where `id` says) with this body. */
  update?: { body: BodyKind; id?: IdLocation } & CallSuccess;
  /** `DELETE {path}?id=` (or `{path}/{id}`). */
  delete?: 'query' | 'path' | ({ id: 'query' | 'path' } & CallSuccess);
};

/** A call's declared message and status, as a route row takes them; nothing when it declares none. */
function successOf(call: CallSuccess | string): CallSuccess {
  if (typeof call === 'string') return {};
  return {
    ...(call.message !== undefined ? { message: call.message } : {}),
    ...(call.status !== undefined ? { status: call.status } : {}),
  };
}

const bodyWords: Record<BodyKind, string> = {
  json: 'JSON',
  multipart: 'multipart, with its files',
  'json-or-multipart': 'JSON, or multipart with its files',
};

const idWords = (id: IdLocation) => (id === 'query' ? '?id=' : id === 'path' ? '/{id}' : 'id in the body');

/** The path of a call: `{path}`, then `/{suffix}` when given, then `/:id` where the path names the record. */
type CallPath<
  P extends string,
  S extends string | undefined,
  I extends IdLocation,
> = `${P}${S extends string ? `/${S}` : ''}${I extends 'path' ? '/:id' : ''}`;

/** `{path}`, `{path}/{suffix}`, and `/:id` after either where the call names the record in its path. */
function callPath<P extends string, S extends string | undefined, I extends IdLocation>(
  path: P,
  suffix: S,
  id: I,
): CallPath<P, S, I> {
  return `${path}${suffix ? `/${suffix}` : ''}${id === 'path' ? '/:id' : ''}` as CallPath<P, S, I>;
}

/**
 * The routes of `calls` for `entity` under `path`, for one variant (equipment class) of a
 * technique, tagged `{tag} {variant}` (or `{tag}` for an entity without variants). Their summaries
 * are made from the entity's label, so every technique's calls read alike in the API document:
 * "UFD finding: list by inspection (pipe; ?inspectionId=)".
 */
export function entityCalls<const P extends string, E extends EntityDefinition>(
  entity: E,
  path: P,
  calls: EntityCalls,
  o: { tag: string; variant?: string },
) {
  const variant = { variant: o.variant };
  const tag = o.variant ? `${o.tag} ${o.variant}` : o.tag;
  const says = (what: string, ...details: string[]) => ({
    summary: `${entity.label}: ${what} (${[...(o.variant ? [o.variant] : []), ...details].join('; ')})`,
    tag,
  });
  const routes = [];
  if (calls.byParent) {
    const { suffix, param } = calls.byParent;
    const parent = (entity.fields[param]?.label ?? labelFromKey(param.replace(/Id$/, ''))).toLowerCase();
    routes.push(
      entity.uniquePerParent
        ? route('GET', `${path}/${suffix}`, op.getByParent(entity, param, variant), {
            ...says(`by ${parent}, null when none yet`, `?${param}=`),
            ...successOf(calls.byParent),
          })
        : route('GET', `${path}/${suffix}`, op.listByParent(entity, param, variant), {
            ...says(`list by ${parent}`, `?${param}=`),
            ...successOf(calls.byParent),
          }),
    );
  }
  if (calls.get) {
    const { id, suffix, param } = calls.get;
    const named = id === 'query' && param ? `?${param}=` : idWords(id);
    routes.push(
      route('GET', callPath(path, suffix, id), op.get(entity, id, { ...variant, param }), {
        ...says('one by id', `${suffix ? `/${suffix}` : ''}${named}`),
        ...successOf(calls.get),
      }),
    );
  }
  if (calls.create) {
    const body = typeof calls.create === 'string' ? calls.create : calls.create.body;
    routes.push(
      route('POST', path, op.create(entity, body, variant), {
        ...says('create', bodyWords[body]),
        ...successOf(calls.create),
      }),
    );
  }
  if (calls.update) {
    const id = calls.update.id ?? 'query';
    routes.push(
      route('PUT', callPath(path, undefined, id), op.update(entity, id, calls.update.body, variant), {
        ...says('update', idWords(id), bodyWords[calls.update.body]),
        ...successOf(calls.update),
      }),
    );
  }
  if (calls.delete) {
    const id = typeof calls.delete === 'string' ? calls.delete : calls.delete.id;
    routes.push(
      route('DELETE', callPath(path, undefined, id), op.delete(entity, id, variant), {
        ...says('delete', idWords(id)),
        ...successOf(calls.delete),
      }),
    );
  }
  return routes;
}
