package console

import "net/http"

// confirmation is what a confirmation page asks before an action that cannot be undone (revoking a
// key, deleting an endpoint, refunding): the page is a form that posts the action with confirmed
// set, since the pages run no script to ask in a dialog.
type confirmation struct {
	Question    string // "Revoke the key ci (sk_live_…a1b2)?"
	Consequence string // what happens, and to whom
	Button      string // the action, on its button
	Back        string // where Cancel leads
}

// confirmPage is a confirmation page: the question, and the action's path the form posts to.
type confirmPage struct {
	Q      confirmation
	Action string
}

// confirmed runs act for a form that was confirmed on its confirmation page; any other request to
// the action's path (the page's GET, a post without the confirmation) shows that page, made by ask.
// The action's route and its page's are the same path: GET asks, POST acts.
func (c *Console) confirmed(ask func(*http.Request, *session) (confirmation, error), act handler) handler {
	return func(w http.ResponseWriter, r *http.Request, s *session) error {
		if r.Method == http.MethodPost && r.PostFormValue("confirmed") == "yes" {
			return act(w, r, s)
		}
		q, err := ask(r, s)
		if err != nil {
			return err
		}
		c.render(w, r, http.StatusOK, "confirm", view{Title: "Confirm", Session: s,
			Data: confirmPage{Q: q, Action: r.URL.Path}})
		return nil
	}
}
