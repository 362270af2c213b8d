import { openOrm } from '../db/orm.js';
import { Project } from '../db/entities/index.js';
const orm = await openOrm('postgres://postgres@127.0.0.1:5432/lead_scratch');
const id = '0191e8a0-0000-7000-8000-000000000001';
for (let i = 0; i < 300; i++) await orm.em.fork().findOne(Project, { id });
const t = process.cpuUsage(); const n = 4000; const t0 = Date.now();
for (let i = 0; i < n; i++) await orm.em.fork().findOne(Project, { id });
const u = process.cpuUsage(t); console.log('findOne ms cpu/call', ((u.user + u.system) / 1000 / n).toFixed(3), 'wall', ((Date.now()-t0)/n).toFixed(3), 'start', t0);
await orm.close();
