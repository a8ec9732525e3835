package extraction

// Webhook events.
const (
	EventCompleted = "extraction.completed"
	EventFailed    = "extraction.failed"
)

// EventData is the data member of an extraction event.
func EventData(e Extraction) map[string]any {
	data := map[string]any{
		"extractionId": e.ID,
		"status":       e.Status,
		"documentType": e.DocumentType,
		"creditsUsed":  e.CreditsUsed,
	}
	if e.Result != nil {
		data["result"] = e.Result
	}
	if e.Error != nil {
		data["error"] = e.Error
	}
	if e.ReferenceID != "" {
		data["referenceId"] = e.ReferenceID
	}
	if e.BatchID != "" {
		data["batchId"] = e.BatchID
	}
	return data
}
