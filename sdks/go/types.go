package cairn

import "time"

// Upload is a record of the account: an uploaded file or folder, or pinned content.
type Upload struct {
	UploadID     string    `json:"uploadId"`
	Name         string    `json:"name"`
	OriginalName *string   `json:"originalName"`
	CustomName   *string   `json:"customName"`
	NameSource   string    `json:"nameSource" enum:"custom,original,auto"`
	CID          string    `json:"cid"`
	Size         int64     `json:"size"`
	ChargedBytes int64     `json:"chargedBytes"`
	Type         string    `json:"type" enum:"file,directory,dag"`
	Category     string    `json:"category" enum:"image,video,audio,document,office,archive,code,text,other"`
	FilesCount   int       `json:"filesCount"`
	Source       string    `json:"source" enum:"upload,pin"`
	Private      bool      `json:"private"` // served only through signed access links
	CreatedAt    time.Time `json:"createdAt"`
	// Meta holds the record's key-values; empty (or nil) when there are none.
	Meta map[string]string `json:"meta,omitempty"`
}

// UploadDetail is one record with the groups that hold it.
type UploadDetail struct {
	Upload
	Groups []GroupRef `json:"groups"`
}

// GroupRef names a group that holds a record.
type GroupRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// UploadResult is the record an upload made, or the account's existing record of the same
// content when Duplicate is true (nothing was charged again).
type UploadResult struct {
	Upload
	Duplicate bool `json:"duplicate"`
}

// DagFile is one file of a folder uploaded as one DAG, by the path it was sent with.
type DagFile struct {
	Filename string `json:"filename"`
	CID      string `json:"cid"`
	Size     int64  `json:"size"`
}

// DagUploadResult is a folder uploaded as one DAG: one record, and every file in it.
type DagUploadResult struct {
	UploadResult
	Files []DagFile `json:"files"`
}

// FilesUploadResult is a folder uploaded as separate files: one record per file.
type FilesUploadResult struct {
	Files []UploadResult `json:"files"`
	Total int            `json:"total"`
	Size  int64          `json:"size"` // every file's bytes, duplicates included
}

// UploadList is one page of the account's records, newest first.
type UploadList struct {
	Files []Upload `json:"files"`
	Total int      `json:"total"` // records matching, over all pages
	// TotalAtLeast is true when more match than Total: the server counts a search up to 10,000.
	TotalAtLeast bool `json:"totalAtLeast,omitempty"`
	Page         int  `json:"page"`
	Limit        int  `json:"limit"`
}

// Group is a group of the account's records.
type Group struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	FilesCount int       `json:"filesCount"`
	CreatedAt  time.Time `json:"createdAt"`
}

// GroupList is one page of the account's groups.
type GroupList struct {
	Groups []Group `json:"groups"`
	Total  int     `json:"total"`
	Page   int     `json:"page"`
	Limit  int     `json:"limit"`
}

// AccessLink is a signed link that opens a record's content through the gateway.
type AccessLink struct {
	ID           string    `json:"id"`
	UploadID     string    `json:"uploadId"`
	CID          string    `json:"cid"`
	URL          string    `json:"url"`
	Token        string    `json:"token"`
	ExpiresAt    time.Time `json:"expiresAt"`
	DownloadName *string   `json:"downloadName"`
	SingleUse    bool      `json:"singleUse"`
	CreatedAt    time.Time `json:"createdAt"`
}

// AccessLinkList is a record's live links.
type AccessLinkList struct {
	Links []AccessLink `json:"links"`
}

// UploadFilter keeps the records matching every condition given (zero values are not used).
type UploadFilter struct {
	Search     string            `json:"search,omitempty"` // name contains it or CID starts with it
	Name       string            `json:"name,omitempty"`   // name contains it, any case
	CID        string            `json:"cid,omitempty"`    // CID starts with it
	Type       string            `json:"type,omitempty" enum:"file,directory,dag"`
	Category   string            `json:"category,omitempty" enum:"image,video,audio,document,office,archive,code,text,other"`
	From       *time.Time        `json:"from,omitempty"` // added at or after
	To         *time.Time        `json:"to,omitempty"`   // added before
	GroupID    string            `json:"groupId,omitempty"`
	MinSize    *int64            `json:"minSize,omitempty"`    // bytes, included
	MaxSize    *int64            `json:"maxSize,omitempty"`    // bytes, included
	Meta       map[string]string `json:"meta,omitempty"`       // key equals value (at most 10)
	MetaPrefix map[string]string `json:"metaPrefix,omitempty"` // key's value starts with this (at most 10)
	MetaExists []string          `json:"metaExists,omitempty"` // keys the record has (at most 10)
}

// RemoveResult says what deleting a record did: Operation is unpinned, or record_removed when
// another record still holds the CID.
type RemoveResult struct {
	Success   bool      `json:"success"`
	CID       string    `json:"cid"`
	UploadID  string    `json:"uploadId"`
	Removed   bool      `json:"removed"`
	Operation string    `json:"operation" enum:"unpinned,record_removed"`
	Message   string    `json:"message" enum:"File removed and unpinned,File removed from your account"`
	Timestamp time.Time `json:"timestamp"`
}

// Usage is the storage the account's records hold against its limit, in bytes.
type Usage struct {
	Used         int64   `json:"used"`
	Limit        int64   `json:"limit"` // PlanLimit + Bonus
	Percent      float64 `json:"percent"`
	LimitReached bool    `json:"limitReached"`
	PlanCode     string  `json:"planCode"`
	PlanLimit    int64   `json:"planLimit"`
	Bonus        int64   `json:"bonus"`
	Plan         struct {
		Code string `json:"code"`
		Name string `json:"name"`
	} `json:"plan"`
}

// User is the signed-in account's profile.
type User struct {
	ID           string    `json:"id"`
	Email        string    `json:"email"`
	Name         string    `json:"name"`
	Lastname     string    `json:"lastname"`
	Country      string    `json:"country"`
	BirthDate    string    `json:"birthDate"`
	Language     string    `json:"language" enum:"en,es,ca,eu,fr,de,it,pt,ru,uk"`
	Role         string    `json:"role" enum:"user,admin"`
	Status       string    `json:"status" enum:"active,inactive"`
	ReferralCode string    `json:"referralCode"`
	CreatedAt    time.Time `json:"createdAt"`
}

// Token is an API token as its owner sees it, without its secret.
type Token struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Prefix     string     `json:"prefix"`
	AllowedIP  *string    `json:"allowedIp"`
	ExpiresAt  *time.Time `json:"expiresAt"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
	LastUsedIP *string    `json:"lastUsedIp"`
	RevokedAt  *time.Time `json:"revokedAt"`
	Status     string     `json:"status" enum:"active,expired,revoked"`
	// Scopes is what the token may do; ["all"] is full access.
	Scopes  []TokenScope `json:"scopes" enum:"all,files:read,files:write,pins:write,groups:write,psa,links:write,admin:*"`
	GroupID *string      `json:"groupId"` // the one group the token is limited to; nil means none
	// GroupName is that group's name; nil when the token reaches the whole account, or when its
	// group was deleted (the token then no longer works).
	GroupName *string `json:"groupName"`
}

// TokenScope is a right an API token holds.
type TokenScope string

// The scopes a token may hold.
const (
	ScopeAll         TokenScope = "all" // full access
	ScopeFilesRead   TokenScope = "files:read"
	ScopeFilesWrite  TokenScope = "files:write"
	ScopePinsWrite   TokenScope = "pins:write"
	ScopeGroupsWrite TokenScope = "groups:write"
	ScopePSA         TokenScope = "psa"
	ScopeLinksWrite  TokenScope = "links:write"
	ScopeAdmin       TokenScope = "admin:*"
)

// CreatedToken is a new token with its secret, which the server shows only this once.
type CreatedToken struct {
	Token
	Secret string `json:"token"`
}

// PinJob is a pin-by-CID job, with the Pinning Service API statuses.
type PinJob struct {
	ID           string    `json:"id"`
	CID          string    `json:"cid"`
	Status       string    `json:"status" enum:"queued,pinning,pinned,failed"`
	BytesFetched int64     `json:"bytesFetched"`
	Blocks       int       `json:"blocks"`
	Error        *string   `json:"error"`
	ErrorCode    *string   `json:"errorCode" enum:"cid_not_found,path_not_found,not_a_file,quota_exceeded,name_taken,content_unavailable,not_found,account_disabled,pin_failed"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
	Upload       *Upload   `json:"upload"` // the record, once pinned
}

// DagEntry is a direct entry of a directory.
type DagEntry struct {
	Name string `json:"name"`
	CID  string `json:"cid"`
	Type string `json:"type" enum:"file,directory,raw"`
	Size int64  `json:"size"`
}

// DagView is one of the account's CIDs as a DAG: totals, and a page of a directory's entries.
type DagView struct {
	CID        string     `json:"cid"`
	UploadID   string     `json:"uploadId"`
	Name       string     `json:"name"`
	Type       string     `json:"type" enum:"file,directory,dag"`
	TotalFiles int        `json:"totalFiles"`
	TotalSize  int64      `json:"totalSize"`
	Entries    []DagEntry `json:"entries"`
	Total      int        `json:"total"`
	Page       int        `json:"page"`
	Limit      int        `json:"limit"`
	GatewayURL string     `json:"gatewayUrl"`
	Announced  bool       `json:"announced"`
	LocalURL   string     `json:"localUrl"`
}

// Plan is a storage plan.
type Plan struct {
	Code              string  `json:"code"`
	Name              string  `json:"name"`
	StorageLimitBytes int64   `json:"storageLimitBytes"`
	PriceMonthlyEur   float64 `json:"priceMonthlyEur"`
	Description       string  `json:"description"`
	Active            bool    `json:"active"`
	IsDefault         bool    `json:"isDefault"`
	// EgressLimitBytes is what the gateway may send for an account of the plan in a calendar month
	// (UTC); nil is unlimited.
	EgressLimitBytes *int64 `json:"egressLimitBytes"`
	// EgressOverLimit is what happens past it: "block" (429 bandwidth_limit_exceeded) or "serve".
	EgressOverLimit string `json:"egressOverLimit" enum:"block,serve"`
	// RequestLimitFactor multiplies the per-token request limits of the plan's accounts; 0 lifts them.
	RequestLimitFactor int `json:"requestLimitFactor"`
}

// PlanList is the plans one can choose and the caller's current one.
type PlanList struct {
	Plans              []Plan `json:"plans"`
	CurrentPlanCode    string `json:"currentPlanCode"`
	CurrentPlan        Plan   `json:"currentPlan"`
	PaymentsConfigured bool   `json:"paymentsConfigured"`
	CryptoAvailable    bool   `json:"cryptoAvailable"` // false: only card payments for now
}

// Checkout is the result of choosing a plan: Status "changed" with the Plan now held, or
// "redirect" with the URL of the payment page to send the user to.
type Checkout struct {
	Status        string `json:"status" enum:"changed,redirect"`
	Plan          *Plan  `json:"plan,omitempty"`
	URL           string `json:"url,omitempty"`
	TransactionID string `json:"transactionId,omitempty"`
}

// Referral is one account that signed up with the caller's code.
type Referral struct {
	ID             string     `json:"id"`
	Email          string     `json:"email"` // masked
	JoinedAt       time.Time  `json:"joinedAt"`
	LastActivityAt *time.Time `json:"lastActivityAt"`
	EarnedMb       float64    `json:"earnedMb"`
	HasPaidPlan    bool       `json:"hasPaidPlan"`
	Active         bool       `json:"active"`
}

// ReferralSummary is the caller's referral code, link, and what referrals earn (MB of 2^20 bytes).
type ReferralSummary struct {
	Code            string     `json:"code"`
	Link            string     `json:"link"`
	TotalReferrals  int        `json:"totalReferrals"`
	ActiveReferrals int        `json:"activeReferrals"`
	TotalEarnedMb   float64    `json:"totalEarnedMb"`
	CurrentBonusMb  float64    `json:"currentBonusMb"`
	Referrals       []Referral `json:"referrals"`
}
