import { describe, expect, it } from 'vitest';
import { ipnsUrl, publishValue, shortValue } from './name-links';

const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const NAME = 'k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8';

describe('name links', () => {
  it('opens a name on the gateway as a folder, so that relative links resolve', () => {
    expect(ipnsUrl('https://cairn.example', NAME)).toBe(`https://cairn.example/ipns/${NAME}/`);
    expect(ipnsUrl('', NAME)).toBe(`/ipns/${NAME}/`);
  });

  it('publishes a record by its CID, and a folder under it as an /ipfs path', () => {
    expect(publishValue(CID)).toBe(CID);
    expect(publishValue(CID, '')).toBe(CID);
    expect(publishValue(CID, '/docs//site/')).toBe(`/ipfs/${CID}/docs/site`);
  });

  it('shortens the CID of a value and keeps its path', () => {
    expect(shortValue(`/ipfs/${CID}`)).toBe('/ipfs/bafybeigdy…5fbzdi');
    expect(shortValue(`/ipfs/${CID}/docs/a.html`)).toBe('/ipfs/bafybeigdy…5fbzdi/docs/a.html');
    expect(shortValue(CID)).toBe('bafybeigdy…5fbzdi');
  });
});
