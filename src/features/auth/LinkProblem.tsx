/**
 * What a one-time link's page says when the link cannot be used (missing, used, expired, unknown), with the way on:
 * the invitation's and the password reset's islands draw it, and the build draws the "incomplete link" one into both
 * pages (issue 32), which their small scripts show at once when the address carries no token, with no island at all.
 */
import { TriangleAlert } from "../../components/ui/icons";
import { buttonClass } from "../../components/ui/Button";

export function LinkProblem({ message, href, action, testId }: { message: string; href: string; action: string; testId: string }) {
  return (
    <section role="alert" className="card flex flex-col items-center gap-3 p-8 text-center" data-testid={testId}>
      <TriangleAlert size={24} aria-hidden="true" className="text-warning-600" />
      <p>{message}</p>
      <a className={buttonClass("outline", "md", "mt-2")} href={href}>{action}</a>
    </section>
  );
}

