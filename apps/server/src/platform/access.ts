import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { isRole, MESSAGES, type Action } from '@portal/shared';
import type { Actor } from './actor.js';
import { forbidden, notFound, type AppError } from './errors.js';
import { extend } from './objects.js';

/**
 * One access model (DESIGN "Who may do what"). Each area registers the rules of its actions in its
 * `<area>.policy.ts`; services ask `authorize` before they act and `scopeFor` when they list, and
 * presenters ask `allows` for the `abilities` of a record. No service or route looks at role
 * strings itself.
 *
 * A rule answers three questions, each optional:
 * - `can(actor)`: may the actor do this kind of thing at all (their roles, the view they look from,
 *   their committees)? No: 403 for an action without a record, 404 for one on a record (a record
 *   they may not act on is one they do not see).
 * - `sees(actor, record)`: is the record visible to them? No (or no record at all): 404, the same
 *   answer as for a missing record.
 * - `may(actor, record)`: on a record they see, may they do this? No: 403, with the rule's message
 *   (or the message `may` returns).
 * and `scope(actor, me)` gives the SQL condition for the records of a list they may do it to.
 */

/** A user id, or a placeholder for one in a prepared statement. */
export type UserRef = number | Placeholder;

export interface Rule<R = never> {
  can?: (actor: Actor) => boolean;
  sees?: (actor: Actor, record: R) => boolean;
  may?: (actor: Actor, record: R) => boolean | string;
  /** The SQL condition of a list. Pass `me` on to the building blocks of platform/policy.ts. */
  scope?: (actor: Actor, me: UserRef) => SQL;
  /**
   * Names which form `scope` takes for this actor (for example the side of their view), so a
   * prepared statement built for one form is never reused for another.
   */
  scopeKey?: (actor: Actor) => string;
  /** The 403 message; the generic one when absent. */
  message?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each area types its own records
const rules = new Map<Action, Rule<any>>();

/**
 * An area's rules, declared in its `<area>.policy.ts` and listed in its module descriptor; buildApp
 * registers the rules of every module (`registerRules`) before a route is added.
 */
export class RuleSet {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each area types its own records
  readonly entries: [Action, Rule<any>][] = [];
  define<R>(area: Partial<Record<Action, Rule<R>>>): this {
    for (const entry of Object.entries(area) as [Action, Rule<R>][]) this.entries.push(entry);
    return this;
  }
}

/**
 * Registers the areas' rules; an action has one rule. Registering the same rule again does nothing
 * (a process may build the app more than once: the tests do).
 */
export function registerRules(sets: RuleSet[]): void {
  for (const set of sets)
    for (const [action, rule] of set.entries) {
      const had = rules.get(action);
      if (had === rule) continue;
      if (had) throw new Error(`access rule for ${action} registered twice`);
      rules.set(action, rule);
    }
}

function ruleOf(action: Action): Rule<unknown> {
  const rule = rules.get(action);
  // A programming error, not a refusal: every action a service asks about has a rule.
  if (!rule) throw new Error(`no access rule registered for ${action}`);
  return rule as Rule<unknown>;
}

/** The actions that have a rule (the access walk test checks every route names one). */
export const registeredActions = (): Action[] => [...rules.keys()];

const NO_RECORD = Symbol('no record');

/** Why an action is refused: 404 (not seen) or 403 with its message; null when it is allowed. */
type Refusal = { status: 404 } | { status: 403; message: string | undefined } | null;
const NOT_SEEN: Refusal = { status: 404 };

// Decides without making an error: `allows` asks this for every ability of every row of a list,
// and an Error captures a stack trace each time (a thread page asked it 100 times).
function refusal<R>(actor: Actor, action: Action, record: R | null | undefined | typeof NO_RECORD): Refusal {
  const rule = ruleOf(action) as Rule<R>;
  const onRecord = record !== NO_RECORD;
  if (rule.can && !rule.can(actor)) return onRecord ? NOT_SEEN : { status: 403, message: rule.message };
  if (!onRecord) return null;
  if (record === null || record === undefined) return NOT_SEEN;
  if (rule.sees && !rule.sees(actor, record)) return NOT_SEEN;
  const may = rule.may ? rule.may(actor, record) : true;
  if (may !== true) return { status: 403, message: typeof may === 'string' ? may : rule.message };
  return null;
}

const errorOf = (r: NonNullable<Refusal>): AppError => (r.status === 404 ? notFound() : forbidden(r.message));

/**
 * Throws the project's 404 (a record the actor does not see, or none) or 403 (an action they may
 * not take). Without a record: only the actor is judged. With one (null when the query found
 * none), the record too. Returns the record, narrowed to present.
 */
export function authorize(actor: Actor, action: Action): void;
export function authorize<R>(actor: Actor, action: Action, record: R | null | undefined): R;
export function authorize<R>(actor: Actor, action: Action, ...rest: [] | [R | null | undefined]): R | void {
  const record = rest.length === 0 ? NO_RECORD : rest[0];
  const refused = refusal(actor, action, record);
  if (refused) throw errorOf(refused);
  return record === NO_RECORD ? undefined : (record as R);
}

/** True when `authorize` would let the action through: for `abilities` in responses. */
export function allows<R>(actor: Actor, action: Action, ...rest: [] | [R | null | undefined]): boolean {
  return refusal(actor, action, rest.length === 0 ? NO_RECORD : rest[0]) === null;
}

/**
 * Why the actor may not take the action on a record they see (the rule's 403 message), or null
 * when they may or do not see it: for a screen that shows a refused action with its reason.
 */
export function refusalOf<R>(actor: Actor, action: Action, record: R): string | null {
  const r = refusal(actor, action, record);
  return r?.status === 403 ? (r.message ?? null) : null;
}

/** The abilities of one record: each action, true when the actor may take it. */
export function abilitiesOf<A extends Action, R>(actor: Actor, actions: readonly A[], record: R): Record<A, boolean> {
  // A loop into one object: Object.fromEntries of mapped pairs made an array for each action.
  const abilities = {} as Record<A, boolean>;
  for (const a of actions) abilities[a] = allows(actor, a, record);
  return abilities;
}

export interface Scope {
  /** The condition: true for the rows the actor may act on. */
  where: SQL;
  /**
   * Which form the condition took: the same key, the same SQL text (a hot statement's shape holds
   * the Scope and is told apart by this key, platform/prepared.ts).
   */
  key: string;
}

/** A rule's scope replaced by the access walk, to prove each list takes its filter from its rule. */
const replaced = new Map<Action, Pick<Rule, 'scope' | 'scopeKey'>>();

/**
 * A list's condition, built when first read: a hot statement reads it only the first time its
 * shape is seen (platform/prepared.ts), and building Drizzle's SQL pieces on every call was most of
 * what a small list allocated beyond the baseline (bench/README.md, "allocation"). A class, not an
 * object literal with a getter: V8 gives such a literal an accessor pair of its own, allocated in the
 * old generation, which held the getter's closure, the request's actor and its rows until the next
 * full collection, so they were promoted (about 100 kB a scavenge on a list call under load, where
 * the baseline promotes none; bench/README.md, 2026-11-29).
 */
class LazyScope implements Scope {
  private built: SQL | undefined = undefined;
  constructor(
    private readonly build: NonNullable<Rule['scope']>,
    private readonly actor: Actor,
    private readonly me: UserRef,
    readonly key: string,
  ) {}

  get where(): SQL {
    return (this.built ??= this.build(this.actor, this.me));
  }
}

/**
 * The SQL condition for a list of the action's records (false when the actor may not list at
 * all: an empty list, not an error; ask `authorize(actor, action)` first where a refusal should
 * answer 403). Give `me` as a placeholder inside a prepared statement.
 */
export function scopeFor(actor: Actor, action: Action, me: UserRef = actor.user.id): Scope {
  const replacement = replaced.get(action);
  const rule = replacement ? { ...ruleOf(action), ...replacement } : ruleOf(action);
  const scope = rule.scope;
  if (!scope) throw new Error(`the access rule for ${action} has no list scope`);
  if (rule.can && !rule.can(actor)) return { where: sql`false`, key: 'none' };
  return new LazyScope(scope, actor, me, rule.scopeKey?.(actor) ?? 'all');
}

/**
 * For tests only: runs `body` with the action's list scope replaced (its key must differ from the
 * rule's, so prepared statements are not reused), then puts the rule's back.
 */
export async function withScope<T>(
  action: Action,
  scope: Required<Pick<Rule, 'scope' | 'scopeKey'>>,
  body: () => Promise<T>,
): Promise<T> {
  replaced.set(action, scope);
  try {
    return await body();
  } finally {
    replaced.delete(action);
  }
}

/**
 * The actor looking from one of their roles (the role a client sends with a list: `role`,
 * `current_role`). A role they do not hold answers 403 (DECISIONS "API"); none sent: their
 * current role by priority.
 */
export function viewing(actor: Actor, requested: string | undefined): Actor {
  if (requested === undefined) return actor;
  if (!isRole(requested) || !actor.roles.includes(requested)) throw forbidden(MESSAGES.roleNotHeld);
  return requested === actor.view ? actor : extend(actor, { view: requested });
}
