export function Footer() {
  return <footer className="site-footer" />;
}
