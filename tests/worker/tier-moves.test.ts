
describe("cancelling with a reason", () => {
  const cancel = (user: TestUser | undefined, json: unknown) => call("/api/payments/subscription/cancel", { json, cookie: user?.cookie });
  const reasons = (userId: string) =>
    env.DB.prepare("SELECT tier_id, reason, other_text FROM membership_cancellations WHERE user_id = ?1").bind(userId).all().then((r) => r.results);

  it("keeps the reason for the back office and ends the membership at the period's end", async () => {
    const member = await createUser("user");
    await subscribe(member, { tierId: IC });
    const res = await cancel(member, { reason: "other", other: "  Moving abroad  " });
    expect(res.status).toBe(200);
    expect((await res.json<MembershipResponse>()).status).toBe("canceling");
    expect(await reasons(member.id)).toEqual([{ tier_id: IC, reason: "other", other_text: "Moving abroad" }]);
    expect(await tierOf(member.id)).toEqual({ tier_id: IC, is_vip: 1 }); // until the period ends
    await expectError(await cancel(member, { reason: "not_using" }), 409, "tier_change_unavailable");
    expect(await reasons(member.id)).toHaveLength(1);
  });

  it("refuses bad input and members without an active membership, storing nothing", async () => {
    const member = await createUser("user");
    await subscribe(member);
    await expectError(await cancel(member, { reason: "bored" }), 400, "invalid_input");
    await expectError(await cancel(member, { reason: "other", other: "x".repeat(501) }), 400, "invalid_input");
    await expectError(await cancel(undefined, { reason: "not_using" }), 401, "unauthorized");
    await expectError(await cancel(await createUser("vip"), { reason: "not_using" }), 404, "no_membership");
    expect(await reasons(member.id)).toEqual([]);
    expect(await subOf(member.id)).toMatchObject({ tier_id: "vip" });
    expect((await row<{ cancel_at_period_end: number }>("SELECT cancel_at_period_end FROM subscriptions WHERE user_id = ?1", member.id))!.cancel_at_period_end).toBe(0);
  });
});
