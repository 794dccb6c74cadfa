package cairn_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// server is the live Cairn server the suite runs against.
var server struct {
	URL           string
	AdminEmail    string
	AdminPassword string
}

// TestMain starts the repository's SDK harness (or uses CAIRN_TEST_URL), runs the tests and
// always stops it: closing its standard input ends it, and the pipe also closes if this process dies.
func TestMain(m *testing.M) {
	os.Exit(runWithServer(m))
}

func runWithServer(m *testing.M) int {
	if u := os.Getenv("CAIRN_TEST_URL"); u != "" {
		server.URL = u
		server.AdminEmail = os.Getenv("CAIRN_TEST_ADMIN_EMAIL")
		server.AdminPassword = os.Getenv("CAIRN_TEST_ADMIN_PASSWORD")
		return m.Run()
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	cmd := exec.Command("node", "--import", "tsx", "sdks/harness/serve.ts")
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "starting the harness:", err)
		return 1
	}
	defer func() {
		stdin.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}()
	if err := readHarnessLine(stdout); err != nil {
		fmt.Fprintln(os.Stderr, "the harness did not start:", err)
		return 1
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	return m.Run()
}

func readHarnessLine(stdout io.Reader) error {
	line := make(chan []byte, 1)
	go func() {
		b, _ := bufio.NewReader(stdout).ReadBytes('\n')
		line <- b
	}()
	select {
	case b := <-line:
		var info struct {
			URL   string `json:"url"`
			Admin struct{ Email, Password string }
		}
		if err := json.Unmarshal(b, &info); err != nil || info.URL == "" {
			return fmt.Errorf("unexpected first line %q", b)
		}
		server.URL, server.AdminEmail, server.AdminPassword = info.URL, info.Admin.Email, info.Admin.Password
		return nil
	case <-time.After(90 * time.Second):
		return fmt.Errorf("no answer within 90 s")
	}
}

// apiJSON is plain HTTP for the set-up that is not the SDK's surface (sign-up, admin changes).
func apiJSON(t *testing.T, method, path, bearer string, body any, want int, out any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, server.URL+"/api/v2"+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		t.Fatalf("%s %s: status %d, want %d: %s", method, path, res.StatusCode, want, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

type account struct {
	ID, Email, Session string
}

// signUp makes a fresh account with a random e-mail and logs it in.
func signUp(t *testing.T) account {
	t.Helper()
	email := fmt.Sprintf("go-%d@sdk.test", time.Now().UnixNano())
	var signup struct {
		User struct{ ID string } `json:"user"`
	}
	apiJSON(t, "POST", "/auth/signup", "", map[string]string{
		"name": "Go", "lastname": "Tester", "country": "ES", "birthDate": "10/12/1990",
		"language": "en", "email": email, "password": "correct-horse-7",
	}, 201, &signup)
	return account{ID: signup.User.ID, Email: email, Session: login(t, email, "correct-horse-7")}
}

func login(t *testing.T, email, password string) string {
	t.Helper()
	var res struct{ Token string }
	apiJSON(t, "POST", "/auth/login", "", map[string]string{"email": email, "password": password}, 200, &res)
	return res.Token
}
