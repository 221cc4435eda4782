(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-5f.js"]={"m_z":"fhb++"};
