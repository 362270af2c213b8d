import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.js';
import { DomainError } from '../core/errors.js';
import type { KeyKind } from '../db/entities/index.js';
import { readSecretKey } from '../launcher/secret.js';
import type * as CommandsModule from './commands.js';
import type { Output } from './commands.js';

const USAGE = `Usage: npm run --silent cli -- <command> [--json]

  projects create --name NAME          create a project with a secret and a public key
  projects list                        list projects
  projects disable ID                  disable a project (its keys get 403 PROJECT_DISABLED)
  projects enable ID                   enable it again
  keys create --project ID --kind secret|public
                                       create another key for a project
  keys revoke KEY                      revoke a key (sk_... or pk_...)
  domains trust DOMAIN --project ID    treat DOMAIN as a verified sender of the project without
                                       DNS checks (trying /v1/send locally; DNS checked elsewhere)

  --json   print exactly one JSON object (or array) on stdout, nothing else

Database: DATABASE_URL, else the embedded database of the \`npm start\` running on DATA_DIR
(default ./data), else that embedded database opened directly.`;

/** A mistake in how the CLI was called: print the message and the usage. */
class UsageError extends Error {}

type Commands = typeof CommandsModule;
type Command = (c: Commands, em: Parameters<Commands['projectsCreate']>[0], env: { secretKey?: string }) => Promise<Output>;

function parseCommand(argv: string[]): { run: Command; json: boolean } | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      name: { type: 'string' },
      project: { type: 'string' },
      kind: { type: 'string' },
    },
  });
  if (values.help || positionals.length === 0) return 'help';
  const [group, action, arg, ...extra] = positionals;
  if (extra.length) throw new UsageError(`Unexpected argument: ${extra[0]}`);
  const need = (value: string | undefined, what: string) => {
    if (!value?.trim()) throw new UsageError(`Missing ${what}`);
    return value.trim();
  };
  const json = values.json ?? false;
  switch (`${group} ${action ?? ''}`.trim()) {
    case 'projects create': {
      const name = need(values.name ?? arg, '--name NAME');
      return { json, run: (c, em) => c.projectsCreate(em, name) };
    }
    case 'projects list':
      return { json, run: (c, em) => c.projectsList(em) };
    case 'projects disable':
    case 'projects enable': {
      const id = need(arg, 'the project ID');
      return { json, run: (c, em) => c.projectsSetDisabled(em, id, action === 'disable') };
    }
    case 'keys create': {
      const project = need(values.project, '--project ID');
      const kind = need(values.kind, '--kind secret|public');
      if (kind !== 'secret' && kind !== 'public') throw new UsageError(`--kind must be secret or public, not "${kind}"`);
      return { json, run: (c, em) => c.keysCreate(em, project, kind as KeyKind) };
    }
    case 'domains trust': {
      const domain = need(arg, 'the DOMAIN');
      const project = need(values.project, '--project ID');
      return { json, run: (c, em, env) => c.domainsTrust(em, project, domain, env.secretKey) };
    }
    case 'keys revoke': {
      const key = need(arg, 'the KEY to revoke');
      return { json, run: (c, em) => c.keysRevoke(em, key) };
    }
    default:
      throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseCommand>;
  try {
    parsed = parseCommand(argv);
  } catch (e) {
    console.error(`Error: ${(e as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if (parsed === 'help') {
    console.log(USAGE);
    return 0;
  }
  // Loaded only now: a usage error answers without loading the ORM.
  const [commands, { openCliDatabase }] = await Promise.all([import('./commands.js'), import('./database.js')]);
  const config = loadConfig();
  const db = await openCliDatabase(config);
  try {
    // DKIM keys are stored encrypted with SECRET_KEY, else the one `npm start` keeps in DATA_DIR.
    const out = await parsed.run(commands, db.orm.em.fork(), { secretKey: config.secretKey ?? readSecretKey(config.dataDir) });
    console.log(parsed.json ? JSON.stringify(out.json) : out.text.join('\n'));
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    // Service errors (NOT_FOUND ...) and connection problems: one readable line, no stack trace.
    const message = e instanceof DomainError ? `${e.message} (${e.code})` : (e as Error).message;
    console.error(`Error: ${message}`);
    process.exit(1);
  },
);
