export function Header() {
  return <header className="site-header" />;
}
