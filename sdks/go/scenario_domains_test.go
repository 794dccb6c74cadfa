package cairn_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"testing"

	cairn "github.com/cairn-storage/cairn-go"
)

// noDNSLink is what a domain's check records when DNS has no DNSLink record: the harness's DNS
// server holds none.
const noDNSLink = "no dnslink= TXT record"

// stepDomains is step 22: a fresh user's custom domain for an IPNS name, pending, failing its
// check, listed, deleted, and deleted again.
func stepDomains(t *testing.T, ctx context.Context, _ *state) {
	c := newClient(t, signUp(t).Session)
	name, err := c.Names.Create(ctx, "website")
	if err != nil {
		t.Fatal(err)
	}
	suffix := make([]byte, 4)
	if _, err := rand.Read(suffix); err != nil {
		t.Fatal(err)
	}
	hostname, target := "site-"+hex.EncodeToString(suffix)+".example.org", "/ipns/"+name.Name

	added, err := c.Domains.Add(ctx, hostname, target)
	if err != nil {
		t.Fatal(err)
	}
	if added.Hostname != hostname || added.Target != target || added.Status != "pending" ||
		added.VerifiedAt != nil || added.LastCheckedAt != nil || added.LastError != nil {
		t.Fatalf("added %+v, want %s for %s, pending and never checked", added, hostname, target)
	}
	record := cairn.DNSLinkRecord{Name: "_dnslink." + hostname, Type: "TXT", Value: "dnslink=" + target}
	if added.DNSLinkRecord != record {
		t.Fatalf("DNSLink record %+v, want %+v", added.DNSLinkRecord, record)
	}

	checked, err := c.Domains.Verify(ctx, added.ID)
	if err != nil {
		t.Fatal(err)
	}
	if checked.ID != added.ID || checked.Status != "failed" || checked.LastError == nil || *checked.LastError != noDNSLink ||
		checked.LastCheckedAt == nil || checked.VerifiedAt != nil {
		t.Fatalf("checked %+v, want failed with %q", checked, noDNSLink)
	}

	listed, err := c.Domains.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(listed) != 1 || listed[0].ID != added.ID || listed[0].Hostname != hostname || listed[0].Status != "failed" {
		t.Fatalf("listed %+v, want %s alone, failed", listed, hostname)
	}

	if err := c.Domains.Delete(ctx, added.ID); err != nil {
		t.Fatal(err)
	}
	err = c.Domains.Delete(ctx, added.ID)
	wantAPIError(t, err, 404, "domain_not_found")
	if !errors.Is(err, cairn.ErrNotFound) {
		t.Fatal("domain_not_found is not cairn.ErrNotFound")
	}
}
