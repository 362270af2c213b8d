import { openOrm } from '../db/orm.js';
import { Project } from '../db/entities/index.js';
import { sqlFirst } from '../db/sql.js';
const orm = await openOrm('postgres://postgres@127.0.0.1:5432/lead_scratch', { migrate: true });
const em0 = orm.em.fork();
const [p] = await em0.getConnection().execute('select id from projects limit 1').catch(() => [undefined]);
console.log('project', p);
const id = '0191e8a0-0000-7000-8000-000000000001';
for (const round of [1, 2, 3]) {
  let t = process.cpuUsage(); const n = 500;
  for (let i = 0; i < n; i++) await orm.em.fork().findOne(Project, { id });
  let u = process.cpuUsage(t); console.log('findOne ms cpu/call', ((u.user + u.system) / 1000 / n).toFixed(3));
  t = process.cpuUsage();
  for (let i = 0; i < n; i++) await sqlFirst(orm.em.fork(), 'select * from projects where id = ?', [id]);
  u = process.cpuUsage(t); console.log('sqlFirst ms cpu/call', ((u.user + u.system) / 1000 / n).toFixed(3));
}
await orm.close();
