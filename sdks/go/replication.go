package cairn

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// PeerStatus is how one IPFS node holds a CID: pinned, pinning, queued, unpinned or error.
type PeerStatus struct {
	PeerID    string     `json:"peerId"`
	PeerName  string     `json:"peerName"`
	Status    string     `json:"status" enum:"pinned,pinning,queued,unpinned,error"`
	Error     *string    `json:"error"` // why, when Status is "error"
	UpdatedAt *time.Time `json:"updatedAt"`
}

// PinStatus is the per-node status of one of the account's CIDs.
type PinStatus struct {
	CID    string       `json:"cid"`
	Engine string       `json:"engine" enum:"embedded,kubo,cluster"`
	Peers  []PeerStatus `json:"peers"`
}

// Peer names one IPFS node.
type Peer struct {
	PeerID   string `json:"peerId"`
	PeerName string `json:"peerName"`
}

// PinAllocation is which nodes should hold a CID; replication factors of -1 mean every node,
// no peers and factors of 0 that the content is not pinned right now.
type PinAllocation struct {
	CID            string `json:"cid"`
	Engine         string `json:"engine" enum:"embedded,kubo,cluster"`
	Peers          []Peer `json:"peers"`
	ReplicationMin int    `json:"replicationMin"`
	ReplicationMax int    `json:"replicationMax"`
}

// Status returns how each IPFS node holds one of the account's CIDs; a CID the account does
// not hold is a 404 *Error (file_not_found).
func (s *PinsService) Status(ctx context.Context, cid string) (*PinStatus, error) {
	var out PinStatus
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/status/" + url.PathEscape(cid), out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// Allocations returns which nodes one of the account's CIDs is allocated to.
func (s *PinsService) Allocations(ctx context.Context, cid string) (*PinAllocation, error) {
	var out PinAllocation
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/allocations/" + url.PathEscape(cid), out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}
