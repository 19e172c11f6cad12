/**
 * A throwaway certificate for https://localhost, so the benchmark can serve the apps over HTTP/2
 * as a production host does (browsers speak HTTP/2 only over TLS). Chromium is told to trust its
 * key (`trustCertificateArgs`); Node trusts it through NODE_EXTRA_CA_CERTS.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface CertificateFiles {
  certFile: string;
  keyFile: string;
}

export async function writeLocalCertificate(dir: string): Promise<CertificateFiles> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
    extensions: [
      // Its own trust anchor: NODE_EXTRA_CA_CERTS takes it as a certificate authority.
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] },
    ],
  });
  const files = { certFile: join(dir, 'localhost.crt'), keyFile: join(dir, 'localhost.key') };
  writeFileSync(files.certFile, pems.cert);
  writeFileSync(files.keyFile, pems.private, { mode: 0o600 });
  return files;
}

/**
 * Chromium's flag that trusts this certificate's key as if a known authority had signed it. Unlike
 * --ignore-certificate-errors, the page is then a secure one in every respect: the browser's HTTP
 * cache keeps what it loads (it keeps nothing from a host whose certificate failed), so a return
 * visit finds the images and files a real one would.
 */
export function trustCertificateArgs(certFile: string): string[] {
  const spki = new X509Certificate(readFileSync(certFile)).publicKey.export({ type: 'spki', format: 'der' });
  return [`--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`];
}
