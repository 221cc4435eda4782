(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-32.js"]={"42":[521,16,192,16],"421":[521,16],"423":[414,16],"424":[713,16]};
