import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./constants";
import { createUser } from "./sign-in";
import { createDataset, createPair, newSignedInPage } from "./test-data";

// Deleting a dataset from its page: the button asks for the dataset's name, typed exactly, before anything goes; then
// the dataset and its pairs are gone (the API answers 404 for both) and the datasets page says what was deleted.
// Roles without dataset:write get no button.

const RUN = Date.now().toString(36);
const PASSWORD = "e2e-user-password";

test("the dataset page deletes a dataset once its name is typed", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const name = `e2e-delete-${RUN}`;
  const datasetId = await createDataset(admin, name);
  const pairId = await createPair(admin, datasetId, "when does the museum open?", [{ text: "The museum opens at 10 am." }]);

  // An annotator sees the dataset but no delete button.
  const annotator = { email: `delete-ann-${RUN}@e2e.local`, password: PASSWORD, role: "annotator" as const };
  await createUser(admin, annotator);
  const ann = await newSignedInPage(browser, annotator.email, annotator.password);
  await ann.goto(`/datasets/${datasetId}`);
  await expect(ann.getByTestId("dataset-detail")).toBeVisible();
  await expect(ann.getByTestId("dataset-delete-open")).toHaveCount(0);
  await ann.close();

  await admin.goto(`/datasets/${datasetId}`);
  await admin.getByTestId("dataset-delete-open").click();
  const confirm = admin.getByTestId("dataset-delete-confirm");
  await expect(confirm).toBeDisabled();
  // Almost the name is not the name.
  await admin.getByTestId("dataset-delete-name").fill(name.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await admin.getByTestId("dataset-delete-name").fill(name);
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await admin.waitForURL(/\/datasets\?deleted=/);
  await expect(admin.getByTestId("dataset-deleted")).toContainText(name);
  expect((await admin.request.get(`/api/v1/datasets/${datasetId}`)).status()).toBe(404);
  expect((await admin.request.get(`/api/v1/pairs/${pairId}/gold`)).status()).toBe(404);
  await admin.close();
});
