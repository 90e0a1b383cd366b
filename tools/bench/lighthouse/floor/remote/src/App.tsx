// Step D's remote: exposes ./App, the page's <main> (links through the shared react-router).
import { Link } from 'react-router';
import { Main } from '../../src/content';

const L = ({ href, ...rest }: { href: string; className?: string; children?: React.ReactNode }) => <Link to={href} {...rest} />;

export default function App() {
  return <Main L={L} />;
}
