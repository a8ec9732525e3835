package main

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"github.com/trustline/platform/infra/local/emulate"
	"github.com/trustline/platform/shared/adapters/awstest"
)

// aRun is one make run against an external emulator, as TestCtrlCDrainsInFlightRequests starts it.
type aRun struct {
	stop   context.CancelFunc
	done   chan error
	stderr *syncBuffer
}

// startRun runs the runner on addr with -external and the stack name, and waits for it to be ready.
func startRun(t *testing.T, addr, stack string) aRun {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	r := aRun{stop: stop, done: make(chan error, 1), stderr: &syncBuffer{}}
	go func() {
		r.done <- run(ctx, time.Now(), []string{"-external", "-addr", addr, "-stack", stack}, r.stderr)
	}()
	for !strings.Contains(r.stderr.String(), "local: ready") {
		select {
		case err := <-r.done:
			stop()
			t.Fatalf("run ended before it was ready: %v\n%s", err, r.stderr.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
	t.Cleanup(stop)
	return r
}

// end stops the run, as Ctrl-C does, and returns what it said.
func (r aRun) end(t *testing.T) string {
	t.Helper()
	r.stop()
	if err := <-r.done; err != nil {
		t.Errorf("run after Ctrl-C: %v", err)
	}
	return r.stderr.String()
}

// stackSecrets are the values of the stack's secrets in the emulator's Secrets Manager, by name.
func stackSecrets(t *testing.T, api *secretsmanager.Client, stack string) map[string]string {
	t.Helper()
	ctx := context.Background()
	values := map[string]string{}
	p := secretsmanager.NewListSecretsPaginator(api, &secretsmanager.ListSecretsInput{})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range page.SecretList {
			if !strings.HasPrefix(aws.ToString(s.Name), stack+"-") {
				continue
			}
			v, err := api.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: s.ARN})
			if err != nil {
				t.Fatal(err)
			}
			values[aws.ToString(s.Name)] = aws.ToString(v.SecretString)
		}
	}
	if len(values) == 0 {
		t.Fatalf("no secret of stack %s", stack)
	}
	return values
}

func readCredentialsFile(t *testing.T) ([]byte, emulate.Credentials) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(stateDir, "credentials.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c emulate.Credentials
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return b, c
}

// call answers the status of a request to the stack and decodes its JSON body into out (when not
// nil); headers are name, value pairs.
func call(t *testing.T, method, url, body string, out any, headers ...string) int {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode < 300 {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
	return resp.StatusCode
}

// TestRestartResumesOnTheSameStore: make run EMULATOR=external again after a run stopped (or
// crashed), against the emulator that run seeded, resumes on its store: it starts, keeps every
// secret of the stack (a token signed before still works), keeps the demo accounts without
// granting their credits again, and writes the same credentials file, whose keys work. It exited
// with "seed user: The key exists already", after replacing JWT_SECRET, DATA_ENCRYPTION_KEY and
// PAYMENT_SIGNING_KEY and granting the demo user another 1,000 credits. Without the last run's
// credentials file, the accounts are kept and the keys whose secrets it held are made anew.
func TestRestartResumesOnTheSameStore(t *testing.T) {
	clients := awstest.Clients(t)
	if os.Getenv("MODELS_DIR") == "" {
		models, err := filepath.Abs("../../../shared/models")
		if err != nil {
			t.Fatal(err)
		}
		t.Setenv("MODELS_DIR", models)
	}
	t.Setenv("LOG_LEVEL", "error")
	t.Chdir(t.TempDir())
	addr, err := freeAddr("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base, stack := "http://"+addr, awstest.Name(t)

	first := startRun(t, addr, stack)
	file, creds := readCredentialsFile(t)
	secrets := stackSecrets(t, clients.Secrets, stack)
	var login struct{ Token string }
	if s := call(t, "POST", base+"/v1/auth/login", `{"email": "`+creds.User.Email+`", "password": "`+
		creds.User.Password+`"}`, &login); s != 200 {
		t.Fatalf("login: %d", s)
	}
	if said := first.end(t); !strings.Contains(said, "the emulator's data is kept") {
		t.Errorf("an external emulator's data is kept, and the runner should say so:\n%s", said)
	}

	second := startRun(t, addr, stack)
	again, _ := readCredentialsFile(t)
	if !bytes.Equal(again, file) {
		t.Errorf("the restart wrote other credentials:\n%s\nwant\n%s", again, file)
	}
	if now := stackSecrets(t, clients.Secrets, stack); !maps.Equal(now, secrets) {
		t.Errorf("the restart changed the stack's secrets")
	}
	var me struct{ Credits int }
	if s := call(t, "GET", base+"/v1/users/me", "", &me, "Authorization", "Bearer "+login.Token); s != 200 ||
		me.Credits != 1000 {
		t.Errorf("the first run's login token: %d, credits %d; want 200 and the 1000 granted once", s, me.Credits)
	}
	works := func(c emulate.Credentials) {
		t.Helper()
		for what, check := range map[string][]string{
			"user key":    {"/v1/users/me", "X-API-Key", c.User.APIKey},
			"partner key": {"/api/v1/partners/me", "X-API-Key", c.Partners[0].APIKey},
			"admin key":   {"/api/v1/admin/partners", "X-API-Key", c.Admin.APIKey},
		} {
			if s := call(t, "GET", base+check[0], "", nil, check[1], check[2]); s != 200 {
				t.Errorf("%s: %d", what, s)
			}
		}
	}
	works(creds)
	second.end(t)

	// The credentials file lost: the same accounts, with keys made anew, and still the one grant.
	if err := os.Remove(filepath.Join(stateDir, "credentials.json")); err != nil {
		t.Fatal(err)
	}
	third := startRun(t, addr, stack)
	_, remade := readCredentialsFile(t)
	if remade.User.ID != creds.User.ID || remade.Partners[1].PartnerID != creds.Partners[1].PartnerID ||
		remade.User.APIKey == creds.User.APIKey {
		t.Errorf("without the credentials file: %+v\nwant the accounts of %+v with new keys", remade, creds)
	}
	works(remade)
	// The keys made before keep working (a partner's until its rotation grace ends): a script may hold them.
	works(creds)
	if s := call(t, "GET", base+"/v1/users/me", "", &me, "Authorization", "Bearer "+login.Token); s != 200 ||
		me.Credits != 1000 {
		t.Errorf("after a third start: %d, credits %d", s, me.Credits)
	}
	third.end(t)
}
