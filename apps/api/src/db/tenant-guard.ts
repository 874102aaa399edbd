import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { TENANT_TABLES } from './schema.generated.ts';

const TENANT = new Set<string>(TENANT_TABLES);

/** Refused query: names the tenant tables (by alias) that carry no organisation predicate. */
export class UnscopedTenantQueryError extends Error {
  constructor(readonly unscoped: string[]) {
    super(
      `Query on tenant data without an organisation predicate for ${unscoped.join(', ')}: add orgScope(ctx, alias)`,
    );
    this.name = 'UnscopedTenantQueryError';
  }
}

type AnyNode = OperationNode & Record<string, unknown>;

const isNode = (v: unknown): v is AnyNode =>
  typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string';

function identifierName(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.kind === 'IdentifierNode') return String(node.name);
  if (node.kind === 'SchemableIdentifierNode') return identifierName(node.identifier);
  if (node.kind === 'TableNode') return identifierName(node.table);
  return null;
}

/**
 * The tenant tables a statement reads or changes (by the name the statement uses for them: alias or table name)
 * and the names whose `org_id` it constrains with `=` or `in`.
 */
export function tenantReferences(root: OperationNode): { tables: Set<string>; scoped: Set<string> } {
  const tables = new Set<string>();
  const scoped = new Set<string>();
  let unqualifiedScope = false;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (!isNode(node)) return;
    switch (node.kind) {
      case 'AliasNode': {
        const inner = node.node;
        if (isNode(inner) && inner.kind === 'TableNode') {
          const table = identifierName(inner);
          const alias = identifierName(node.alias);
          if (table && alias && TENANT.has(table)) tables.add(alias);
          return;
        }
        break;
      }
      case 'TableNode': {
        const table = identifierName(node);
        if (table && TENANT.has(table)) tables.add(table);
        return;
      }
      case 'ReferenceNode':
        // `o.org_id`: the qualifier is a TableNode that names an alias, not a table the statement reads.
        walk(node.column);
        return;
      case 'BinaryOperationNode': {
        const left = node.leftOperand;
        const op = isNode(node.operator) ? String(node.operator.operator) : '';
        if (isNode(left) && left.kind === 'ReferenceNode' && (op === '=' || op === 'in')) {
          const column = isNode(left.column) ? identifierName(left.column.column) : null;
          if (column === 'org_id') {
            const qualifier = identifierName(left.table);
            if (qualifier) scoped.add(qualifier);
            else unqualifiedScope = true;
          }
        }
        break;
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'kind') walk(value);
  };
  walk(root);
  // An unqualified `org_id = …` is unambiguous only when the statement has one tenant table.
  if (unqualifiedScope && tables.size === 1) for (const t of tables) scoped.add(t);
  return { tables, scoped };
}

/**
 * Kysely plugin that refuses (throws {@link UnscopedTenantQueryError}) a SELECT, UPDATE or DELETE touching a tenant
 * table without an organisation predicate on every reference to it. Installed on `guardedSql()` / `tenantSql()`.
 */
export class TenantGuardPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const { node } = args;
    if (
      node.kind === 'SelectQueryNode' ||
      node.kind === 'UpdateQueryNode' ||
      node.kind === 'DeleteQueryNode'
    ) {
      const { tables, scoped } = tenantReferences(node);
      const missing = [...tables].filter((t) => !scoped.has(t));
      if (missing.length > 0) throw new UnscopedTenantQueryError(missing.sort());
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
