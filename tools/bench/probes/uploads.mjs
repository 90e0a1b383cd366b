// Uploads: files that only look like audio, the scratch folder after kill -9 mid-upload, and who
// may fetch private sounds and draft episodes' audio (and which caches may keep them).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { call } from '../lib/http.mjs';
import { sleep } from '../lib/stats.mjs';
import { bearer, channelOf, grant, multipart, signUp, tone, uploadEpisode, verdict } from './kit.mjs';

const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n'.repeat(20);

/** A 44-byte PCM WAV header (22.05 kHz, mono, 16-bit) whose data chunk says `dataBytes`. */
function wavHeader(dataBytes) {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(22050, 24);
  h.writeUInt32LE(44100, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** A zip archive holding one stored file, as `unzip` reads it. */
function zipOf(name, text) {
  const data = Buffer.from(text);
  const fileName = Buffer.from(name);
  const crc = zlib.crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const POLYGLOTS = [
  ['a WAV header declaring a second of sound, then HTML', () => Buffer.concat([wavHeader(44100), Buffer.from(HTML)])],
  ['a bare MP4 ftyp box', () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypM4A \0\0\0\0M4A isom', 'latin1')])],
  ['a real WAV with a zip archive appended', () => Buffer.concat([tone(1, 'wav'), zipOf('index.html', HTML)])],
];

const scratch = (dataDir) => path.join(dataDir, 'tmp', 'uploads');
const uploadFiles = (dataDir) => (fs.existsSync(scratch(dataDir)) ? fs.readdirSync(scratch(dataDir)).filter((f) => f.endsWith('.upload')) : []);
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

async function uploadSound(url, user, bytes, name) {
  const form = multipart({ type: 'sfx', title: name }, { field: 'audio', name, type: 'application/octet-stream', bytes });
  return call(`${url}/api/sounds`, 'POST', form.body, { ...bearer(user), 'content-type': form.type });
}

export const uploadProbes = {
  async polyglots({ server }) {
    console.log('\nFiles that only look like audio, as a podcast episode and as a sound');
    const { url } = server;
    const owner = await grant(server, await signUp(url), 'staff');
    const channelId = await channelOf(url, owner);
    for (const [name, make] of POLYGLOTS) {
      const bytes = make();
      const episode = await uploadEpisode(url, owner, channelId, { title: name, notes: '', publish: 'now' }, bytes);
      const sound = await uploadSound(url, owner, bytes, 'probe.wav');
      console.log(`  ${name} (${bytes.length} bytes): episode ${episode.status} "${episode.json?.message}", sound ${sound.status} "${sound.json?.message}"`);
      verdict(episode.status === 415 && sound.status === 415, `${name}: refused as audio (${episode.status}, ${sound.status})`);
    }
    const real = await uploadEpisode(url, owner, channelId, { title: 'A real one', notes: '', publish: 'now' }, tone(1, 'mp3'));
    verdict(real.status === 201, `real audio is still taken (${real.status})`);
  },

  async uploadCrash({ spawn }) {
    console.log('\nkill -9 in the middle of an upload, then a restart');
    const server = await spawn();
    const owner = await signUp(server.url);
    const channelId = await channelOf(server.url, owner);
    // An episode whose body promises 8 MB and sends 3 MB: the server is writing it to its scratch file when killed.
    const form = multipart({ title: 'Cut short', notes: '', publish: 'now' }, { field: 'audio', name: 'long.mp3', type: 'audio/mpeg', bytes: Buffer.alloc(8 * 1024 * 1024, 0x55) });
    const socket = net.connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(`POST /api/podcast/channels/${channelId}/episodes HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${owner.token}\r\nContent-Type: ${form.type}\r\nContent-Length: ${form.body.length}\r\n\r\n`);
    socket.write(form.body.subarray(0, 3 * 1024 * 1024));
    let left = [];
    for (let i = 0; i < 100 && left.length === 0; i++) {
      await sleep(50);
      left = uploadFiles(server.dataDir);
    }
    await sleep(300);
    await server.kill();
    socket.destroy();
    left = uploadFiles(server.dataDir);
    const bytes = left.reduce((n, f) => n + fs.statSync(path.join(scratch(server.dataDir), f)).size, 0);
    console.log(`  killed with ${left.length} .upload file(s) in DATA_DIR/tmp/uploads (${(bytes / 1024).toFixed(0)} KB)`);
    // A restart right away keeps files younger than ten minutes (another process sharing DATA_DIR
    // may be writing them): age them as the clock would before the restart.
    const past = new Date(Date.now() - 11 * 60 * 1000);
    for (const f of left) fs.utimesSync(path.join(scratch(server.dataDir), f), past, past);
    const again = await server.restart();
    const after = uploadFiles(again.dataDir);
    console.log(`  after the restart (the files aged 11 minutes): ${after.length} left`);
    verdict(left.length > 0 && after.length === 0, `the scratch folder is swept at start (${left.length} before, ${after.length} after)`);
  },

  async privateAudio({ server }) {
    console.log('\nPrivate sounds and draft episodes\' audio: the bare URL, a stranger, the signed link and its caching');
    const { url } = server;
    const owner = await grant(server, await signUp(url), 'staff');
    const stranger = await signUp(url);
    const get = async (path, user) => {
      const res = await fetch(`${url}${path}`, { headers: user ? bearer(user) : {} });
      await res.arrayBuffer();
      return res;
    };

    const soundBytes = tone(1.5, 'mp3');
    const sound = (await uploadSound(url, owner, soundBytes, 'secret.mp3')).json;
    const bare = `/api/sound-files/${sha256(soundBytes)}`;
    const [anon, theirs, signed] = [await get(bare), await get(bare, stranger), await get(sound.fileUrl)];
    console.log(`  private sound: bare URL ${anon.status} (a stranger signed in: ${theirs.status}); its signed link ${signed.status}, Cache-Control "${signed.headers.get('cache-control')}"`);
    verdict(anon.status === 404 && theirs.status === 404 && signed.status === 200 && /^private\b/.test(signed.headers.get('cache-control') ?? ''), 'a private sound opens only by its signed link, and no shared cache keeps it');

    const channelId = await channelOf(url, owner);
    const draftBytes = tone(2, 'wav');
    const draft = (await uploadEpisode(url, owner, channelId, { title: 'Rough cut', notes: '', publish: 'draft' }, draftBytes, 'draft.wav', 'audio/wav')).json;
    const path = `/api/podcast/audio/${sha256(draftBytes)}.wav`;
    const [dAnon, dTheirs, dSigned] = [await get(path), await get(path, stranger), await get(draft.audioUrl)];
    console.log(`  draft episode: bare URL ${dAnon.status} (a stranger signed in: ${dTheirs.status}); its signed link ${dSigned.status}, Cache-Control "${dSigned.headers.get('cache-control')}"`);
    verdict(dAnon.status === 404 && dTheirs.status === 404 && dSigned.status === 200 && /^private\b/.test(dSigned.headers.get('cache-control') ?? ''), "a draft episode's audio opens only by its signed link, and no shared cache keeps it");
    const tampered = await get(draft.audioUrl.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 86_400_000}`));
    console.log(`  the signed link with its expiry moved a day on: ${tampered.status}`);
    verdict(tampered.status === 404, `a link's expiry cannot be moved (${tampered.status})`);
  },
};
