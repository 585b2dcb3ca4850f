// E-mail verification as a new member meets it (migrations/0035): the banner on every page, a
// post refused until the address is confirmed, the link from the local mailbox, and the same
// link refused the second time; then the e-mail change on /settings in Portuguese.
import { expect, hydrated, signUp, signUpThroughForm, test, verificationLink } from "./fixtures";
import { newMember, t } from "./support";

test("a new member confirms the address from the mailbox link, then may post", async ({ page }) => {
  const member = await signUpThroughForm(page, newMember(), { verify: false });
  const banner = page.getByRole("region", { name: /Please confirm your e-mail address/ });

  await test.step("the banner asks to confirm, and posting is refused with the same words", async () => {
    await expect(banner).toContainText(member.email);
    await page.goto("/social");
    await page.getByLabel("Share something with the community").fill("Before confirming");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please verify your e-mail address first: open the link we sent you." })).toBeVisible();
  });

  const link = await verificationLink(page, member.email);
  await test.step("the link confirms the address; the banner goes", async () => {
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
    await expect(page.getByText(/^Your e-mail address is confirmed/)).toBeVisible();
    // The feed is everyone's: the post's text is this member's own, not another journey's.
    const text = `After confirming, ${member.username}`;
    await page.goto("/social");
    await page.getByLabel("Share something with the community").fill(text);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByRole("region", { name: /Please confirm your e-mail address/ })).toHaveCount(0);
  });

  await test.step("the same link a second time is refused, in Portuguese too", async () => {
    await page.goto(link);
    await expect(page.getByText("This verification link is not valid or was already used.")).toBeVisible();
    await page.getByRole("button", { name: t("en", "nav.language.pt") }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await page.goto(link);
    await expect(page.getByText("Este link de confirmação não é válido ou já foi usado.")).toBeVisible();
  });
});

test("a member changes the e-mail address on /settings in Portuguese; it changes once the new link is used", async ({ page }) => {
  const member = await signUp(page);
  const next = `moved_${member.username}@example.com`;
  await page.goto(member.profileUrl);
  await hydrated(page);
  await page.getByRole("button", { name: t("en", "nav.language.pt") }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Endereço de e-mail" });
  await section.getByLabel("Novo endereço de e-mail").fill(next);
  await section.getByLabel("Senha atual").fill(member.password);
  await section.getByRole("button", { name: "Alterar e-mail" }).click();
  await expect(section.getByRole("status")).toHaveText(`Enviamos um link para ${next}. Abra-o para concluir a alteração.`);
  await expect(section.getByText(`Endereço atual: ${member.email}`)).toBeVisible();

  await page.goto(await verificationLink(page, next));
  await expect(page.getByText("Seu novo endereço de e-mail está confirmado e agora é o da sua conta.")).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("region", { name: "Endereço de e-mail" }).getByText(`Endereço atual: ${next}`)).toBeVisible();
});
