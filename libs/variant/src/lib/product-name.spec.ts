import { documentTitle, productNameFor } from './product-name';

describe('product names and tab titles', () => {
  it('names each site: the school site by its own product name', () => {
    expect(productNameFor('default')).toBe('VoxClub');
    expect(productNameFor('dashboard')).toBe('VoxClub');
    expect(productNameFor('school')).toBe('VoxClub School');
  });

  it('words a title as "{name} · {product}", or the product alone without a name', () => {
    expect(documentTitle('Friends', 'default')).toBe('Friends · VoxClub');
    expect(documentTitle('Classes', 'school')).toBe('Classes · VoxClub School');
    expect(documentTitle('  Ada Lovelace ', 'default')).toBe('Ada Lovelace · VoxClub');
    expect(documentTitle('', 'school')).toBe('VoxClub School');
    expect(documentTitle(null, 'default')).toBe('VoxClub');
  });
});
