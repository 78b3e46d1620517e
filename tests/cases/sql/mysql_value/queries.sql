-- MySQL's synonym VALUE: H2 rejects it in every mode, so it is reported
INSERT INTO user (fio) VALUE ({1})
INSERT INTO user (fio) VALUES ({1})
