"""The survey, the best sections per jurisdiction for one question: form, service, page.
Imports the statute search and the layers below."""
