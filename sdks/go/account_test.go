package cairn_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

// TestAccountTokensReferralsAndPlans covers the calls the scenario does not: token listing,
// referrals, plans and checkout, DAG paging and reading a pin job.
func TestAccountTokensReferralsAndPlans(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	user := signUp(t)
	created, err := newClient(t, user.Session).Tokens.Create(ctx, cairn.TokenOptions{Name: "listed", ExpiresInDays: 2})
	if err != nil {
		t.Fatal(err)
	}
	client := newClient(t, created.Secret)

	tokens, err := client.Tokens.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(tokens) != 1 || tokens[0].ID != created.ID || tokens[0].Prefix != created.Prefix || tokens[0].ExpiresAt == nil {
		t.Fatalf("unexpected tokens %+v", tokens)
	}

	me, err := client.Users.Me(ctx)
	if err != nil {
		t.Fatal(err)
	}
	referrals, err := client.Referrals.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if referrals.Code != me.ReferralCode || referrals.TotalReferrals != 0 || referrals.Link == "" {
		t.Fatalf("unexpected referrals %+v for code %s", referrals, me.ReferralCode)
	}

	plans, err := client.Plans.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = client.Plans.Checkout(ctx, plans.CurrentPlanCode, true)
	wantAPIError(t, err, 409, "plan_already_active")

	admin := login(t, server.AdminEmail, server.AdminPassword)
	code := fmt.Sprintf("go-free-%d", time.Now().UnixNano()%1_000_000_000)
	apiJSON(t, "POST", "/admin/plans", admin, map[string]any{
		"code": code, "name": "Go free", "storageLimitBytes": 2 << 30, "priceMonthlyEur": 0,
	}, 201, nil)
	_, err = client.Plans.Checkout(ctx, code, false)
	wantAPIError(t, err, 400, "terms_not_accepted")
	changed, err := client.Plans.Checkout(ctx, code, true)
	if err != nil {
		t.Fatal(err)
	}
	if changed.Status != "changed" || changed.Plan == nil || changed.Plan.Code != code {
		t.Fatalf("unexpected checkout %+v", changed)
	}
	usage, err := client.Usage.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if usage.PlanCode != code || usage.PlanLimit != 2<<30 {
		t.Fatalf("usage shows plan %s of %d bytes", usage.PlanCode, usage.PlanLimit)
	}

	dir, _ := siteFolder(t)
	dag, err := client.Uploads.Directory(ctx, dir, &cairn.DirectoryOptions{Name: "paged-site", CIDVersion: cairn.CIDv0})
	if err != nil {
		t.Fatal(err)
	}
	if dag.Name != "paged-site" || dag.CID[:2] != "Qm" {
		t.Fatalf("unexpected DAG %+v", dag.UploadResult)
	}
	// Three pages of one entry: each entry once (the names are not checked: openapi.yaml says
	// direct entries, the server lists the files under the folder).
	seen := map[string]bool{}
	for page := 1; page <= 3; page++ {
		view, err := client.DAG.Get(ctx, dag.CID, &cairn.DagOptions{Page: page, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if view.Total != 3 || len(view.Entries) != 1 {
			t.Fatalf("page %d: %d of %d entries", page, len(view.Entries), view.Total)
		}
		e := view.Entries[0]
		if e.Name == "" || e.CID == "" || seen[e.Name] {
			t.Fatalf("page %d: entry %+v (seen %v)", page, e, seen)
		}
		seen[e.Name] = true
	}

	_, err = client.Pins.Get(ctx, "00000000-0000-4000-8000-000000000000")
	wantAPIError(t, err, 404, "pin_not_found")
	_, err = client.Uploads.Directory(ctx, filepath.Join(t.TempDir(), "missing"), nil)
	var apiErr *cairn.Error
	if err == nil || errors.As(err, &apiErr) {
		t.Fatalf("a missing folder gives %v, want a local error", err)
	}
}
